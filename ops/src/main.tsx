// The operators' console (docs/product.md#operators): its own Vite entry at /ops/, never part of the user PWA's
// bundle or service-worker precache.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import './app/ops.css'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
