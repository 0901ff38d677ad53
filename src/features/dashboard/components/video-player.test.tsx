import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { VideoPlayer } from './video-player'
import { youtubeId, youtubePlayerState } from '../lib/youtube'

function Harness({ link }: { link: string }) {
  const [wantPlay, setWantPlay] = useState(false)
  return (
    <VideoPlayer
      video={{ id: 1, link, redirection_link: '', timer: 30 }}
      wantPlay={wantPlay}
      onWantPlayChange={setWantPlay}
      initialSeconds={0}
      onProgress={vi.fn()}
      onComplete={vi.fn()}
    />
  )
}

describe('YouTube links', () => {
  it('reads the video id of watch, short and embed links', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ')
    expect(youtubeId('https://youtu.be/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ')
    expect(youtubeId('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ')
    expect(youtubeId('/videos/sample-1.mp4')).toBeNull()
  })

  it('reads the play state from the embed messages', () => {
    expect(youtubePlayerState(JSON.stringify({ event: 'onStateChange', info: 1 }))).toBe(1)
    expect(
      youtubePlayerState(JSON.stringify({ event: 'infoDelivery', info: { playerState: 2 } })),
    ).toBe(2)
    expect(
      youtubePlayerState(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 3 } })),
    ).toBeNull()
    expect(youtubePlayerState('not json')).toBeNull()
  })
})

describe('Video player', () => {
  it('shows a YouTube link as a thumbnail facade and loads the nocookie iframe only after the tap', () => {
    const { container } = render(<Harness link="https://www.youtube.com/watch?v=aqz-KE-bpKQ" />)
    expect(container.querySelector('iframe')).toBeNull()
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }))
    const src = container.querySelector('iframe')?.getAttribute('src') ?? ''
    expect(src.startsWith('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?')).toBe(true)
    expect(new URL(src).searchParams.get('enablejsapi')).toBe('1')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument()
  })

  it('plays a direct file through <video> with a progress bar and an m:ss timer', () => {
    HTMLMediaElement.prototype.pause = vi.fn()
    render(<Harness link="/videos/sample-1.mp4" />)
    expect(screen.getByTestId('player-video')).toHaveAttribute('src', '/videos/sample-1.mp4')
    expect(screen.getByRole('progressbar', { name: 'Watched' })).toHaveAttribute(
      'aria-valuemax',
      '30',
    )
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:00 / 0:30')
  })
})
