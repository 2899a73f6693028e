import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vue()],
  // main.ts awaits the MSW worker at the top level before mounting.
  build: { target: 'es2022' },
});
