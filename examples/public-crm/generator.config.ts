import { defineConfig } from '@reslayer/core';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginMocks } from '@reslayer/plugin-mocks';

export default defineConfig({
  input: './openapi.yaml',
  output: './generated',
  plugins: [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()],
});
