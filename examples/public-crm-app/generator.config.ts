import { defineConfig } from '@reslayer/core';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginMocks } from '@reslayer/plugin-mocks';

// The demo's contract, generated a second time for this app: the hooks use the vue-query adapter
// (real `useQuery`/`useMutation` composables instead of framework-free option objects).
export default defineConfig({
  input: '../public-crm/openapi.yaml',
  output: './src/generated',
  plugins: [pluginClient(), pluginHooks({ adapter: 'vue-query' }), pluginConfigMeta(), pluginMocks()],
});
