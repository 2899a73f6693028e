// The demo config plus a third-party plugin loaded by its package name (used by the tests).
import { defineConfig } from '@reslayer/core';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginRoutes } from 'reslayer-plugin-routes';

export default defineConfig({
  input: './openapi.yaml',
  output: './generated-with-routes',
  plugins: [pluginClient(), pluginRoutes({ basePath: '/app' })],
});
