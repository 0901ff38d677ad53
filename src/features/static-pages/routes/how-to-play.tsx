/** How to play (SPEC §2): the title only, with an empty body. */
import { AppHeader } from '@/components/app-header'

export default function HowToPlay() {
  return (
    <>
      <AppHeader title="How to Play" />
      <main className="page" />
    </>
  )
}
