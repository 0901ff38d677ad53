/**
 * Landing (`/` and `/home`, docs/product.md#what-it-is, #screens): welcome, one primary call to action (Register) with Login
 * as a text link under it and Install app under that, the sample video facade, the Get Started
 * image, About, the Google Play badge, partners and the footer. A visitor with a stored token goes
 * straight to /dashboard. Built to stay fast: no web fonts, fixed-size media.
 */
import { lazy, Suspense, useDeferredValue } from 'react'
import { Link, Redirect } from 'wouter'
import { useLoggedIn } from '@/lib/use-logged-in'
import { useRules, useRulesStore } from '@/stores/rules-store'
import type { Rules } from '@contract/rules'
import { VideoFacade } from '../components/video-facade'
import { AboutSection } from '../components/about-section'
import { PartnersStrip } from '../components/partners-strip'
import { LandingFooter } from '../components/landing-footer'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { LanguageSwitch } from '@/components/language-switch'
import { t } from '@/i18n/i18n'
import '../landing.css'

// Install app in a chunk of its own (first-route budget), loaded with the deferred render.
const InstallButton = lazy(() =>
  import('@/components/install-button').then((m) => ({ default: m.InstallButton })),
)

export default function Landing() {
  const rules = useRules()
  const playStoreUrl = useRulesStore((s) => s.playStoreUrl)
  // Above the fold (the static first paint's part) first; About, the app badge, partners and the
  // footer in a deferred render React slices after that (TBT). `false` while hydrating, so the
  // rendered page's markup holds only what is above the fold.
  const belowFold = useDeferredValue(true, false)
  const loggedIn = useLoggedIn()
  if (loggedIn) return <Redirect to="/dashboard" replace />
  return (
    <>
      <main className="page stack">
        <LanguageSwitch />
        <section className="landing-hero stack" aria-labelledby="welcome-title">
          <h1 id="welcome-title">{t('Hello, welcome!')}</h1>
          <p>{t('Log in or create an account!')}</p>
          <Link href="/register" className="btn landing-register">
            {t('Register')}
          </Link>
          <Link href="/loginn" className="landing-login">
            {t('Login')}
          </Link>
          {/* Its box is there from the first paint: the browser's late offer (or the iOS hint)
              fills it without moving anything below. */}
          <div className="landing-install">
            {belowFold ? (
              <Suspense fallback={null}>
                <InstallButton />
              </Suspense>
            ) : null}
          </div>
        </section>
        <section className="stack" aria-labelledby="video-title">
          <h2 id="video-title">{t('See how it works')}</h2>
          <VideoFacade />
        </section>
        <Link href="/signup" className="get-started">
          {/* The art has no words: they are text over it, in the page's language. */}
          <img src="/landing/get-started.webp" alt="" width={320} height={120} decoding="async" />
          <span className="get-started-text">
            <strong>{t('Get Started')}</strong> <span>{t('Create your free account')}</span>
          </span>
        </Link>
        {belowFold ? <BelowFold rules={rules} playStoreUrl={playStoreUrl} /> : null}
      </main>
      {belowFold ? <LandingFooter /> : null}
    </>
  )
}

function BelowFold({ rules, playStoreUrl }: { rules: Rules; playStoreUrl: string }) {
  return (
    <>
      <AboutSection rules={rules} />
      <div className="below-fold">
        <WithdrawalConditions rules={rules} />
      </div>
      <section className="stack below-fold" aria-labelledby="app-title">
        <h2 id="app-title">{t('Get the app')}</h2>
        <a className="play-badge" href={playStoreUrl} target="_blank" rel="noopener noreferrer">
          <img
            src="/landing/google-play-badge.webp"
            alt={t('Get it on Google Play')}
            width={180}
            height={54}
            loading="lazy"
          />
        </a>
      </section>
      <PartnersStrip />
    </>
  )
}
