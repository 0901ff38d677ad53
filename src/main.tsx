/** Entry of the PWA: mounts the app; in production builds, registers the service worker. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { installPreloadErrorRecovery } from './lib/lazy-with-retry'
import { registerServiceWorker } from './lib/sw-bridge'
import './styles.css'

installPreloadErrorRecovery()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

if (import.meta.env.PROD) {
  // After load, so registering and precaching never compete with the first screen's requests.
  if (document.readyState === 'complete') void registerServiceWorker()
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true })
}
