import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import { Box, IconButton, Link, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'
import type { PublicSlide } from '../../../contracts/website/website'
import { useShellConfig } from '../../layout/shellConfig'

const SLOGANS = ['slide1', 'slide2', 'slide3'] as const
const INTERVAL_MS = 6000

interface Shown {
  key: string
  title: string
  text: string
  link: string | null
  imageUrl: string | null
}

/**
 * The default site's slides shown now (edited at /admin/{site}/carousel), or, when it has none or
 * they cannot be read, the three slogans of requirements §1.
 */
function useSlides(): Shown[] {
  const translate = useTranslate()
  const { site } = useShellConfig()
  const [live, setLive] = useState<PublicSlide[]>([])
  useEffect(() => {
    // A plain public read: the sign-in pages stay light without the data provider (tests/e2e/web-budget.test.ts).
    const abort = new AbortController()
    fetch(`/api/v2/site/${encodeURIComponent(site)}/slides`, { signal: abort.signal, headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ items: PublicSlide[] }>) : null))
      .then((body) => body && Array.isArray(body.items) && setLive(body.items))
      .catch(() => undefined)
    return () => abort.abort()
  }, [site])
  if (live.length) return live.map((s) => ({ key: s.id, title: s.title, text: s.text, link: s.link, imageUrl: s.imageUrl }))
  return SLOGANS.map((k) => ({
    key: k,
    title: translate(`aula.account.carousel.${k}.title`),
    text: translate(`aula.account.carousel.${k}.text`),
    link: null,
    imageUrl: null,
  }))
}

/** The login page's carousel (requirements §1): the website's live slides, or teacher-centred education, research, practical activities. */
export function Carousel() {
  const translate = useTranslate()
  const SLIDES = useSlides()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const count = SLIDES.length
  useEffect(() => {
    if (paused) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS)
    return () => clearInterval(timer)
  }, [paused, count])
  const go = (i: number) => setIndex((i + count) % count)
  const slide = SLIDES[index % count]!
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={translate('aula.account.carousel.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{ maxWidth: 520, textAlign: 'center' }}
    >
      <Box aria-live={paused ? 'polite' : 'off'} sx={{ minHeight: 180 }}>
        {slide.imageUrl && (
          <Box component="img" src={slide.imageUrl} alt="" sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 2, mb: 2 }} />
        )}
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 2 }}>
          {slide.link ? (
            <Link href={slide.link} color="inherit" underline="always">
              {slide.title}
            </Link>
          ) : (
            slide.title
          )}
        </Typography>
        <Typography variant="h6" component="p" sx={{ opacity: 0.9, fontWeight: 400 }}>
          {slide.text}
        </Typography>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center', mt: 4 }}>
        <IconButton color="inherit" onClick={() => go(index - 1)} aria-label={translate('aula.account.carousel.previous')}>
          <ChevronLeft />
        </IconButton>
        {SLIDES.map((s, i) => (
          <Box
            key={s.key}
            component="button"
            type="button"
            onClick={() => go(i)}
            aria-label={translate('aula.account.carousel.goTo', { number: i + 1 })}
            aria-current={i === index % count ? 'true' : undefined}
            // The dot is drawn 12 px wide inside a 24 px target (WCAG 2.2, 2.5.8 target size).
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 24,
              height: 24,
              p: 0,
              border: 0,
              borderRadius: '50%',
              bgcolor: 'transparent',
              color: 'inherit',
              cursor: 'pointer',
              '&::before': {
                content: '""',
                width: 12,
                height: 12,
                boxSizing: 'border-box',
                borderRadius: '50%',
                border: '2px solid currentColor',
                bgcolor: i === index % count ? 'currentColor' : 'transparent',
              },
            }}
          />
        ))}
        <IconButton color="inherit" onClick={() => go(index + 1)} aria-label={translate('aula.account.carousel.next')}>
          <ChevronRight />
        </IconButton>
      </Stack>
    </Box>
  )
}
