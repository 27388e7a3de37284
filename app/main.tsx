import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/components/shell/ErrorBoundary';
import { bridgeDataChanges } from './ui/data/refresh/invalidation';
import { watchDatabaseResets } from './ui/data/storage-recovery';
import { keepLateInvalidations } from './ui/data/refresh/late-invalidation';
import './ui/styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
keepLateInvalidations(queryClient);
bridgeDataChanges(queryClient);
watchDatabaseResets(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary what="Hopscope">
        <App />
      </ErrorBoundary>
    </QueryClientProvider>
  </StrictMode>,
);
