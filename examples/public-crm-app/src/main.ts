import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { configureClient } from '@reslayer/runtime';
import { createApp } from 'vue';
import App from './App.vue';
import './style.css';

// Same-origin requests (`/api/v1/...`): the generated MSW handlers match any origin (`*/api/v1/...`).
configureClient({ baseUrl: '' });

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

// The worker must intercept before the first query runs, so it starts before the app mounts.
// Imported dynamically: msw and the generated handlers go to a chunk of their own.
const { startMocking } = await import('./mocks/browser.js');
await startMocking();

createApp(App).use(VueQueryPlugin, { queryClient }).mount('#app');
