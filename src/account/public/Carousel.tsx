import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import { Box, IconButton, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'

const SLIDES = ['slide1', 'slide2', 'slide3'] as const
const INTERVAL_MS = 6000

/** The login page's marketing carousel (requirements §1): teacher-centred education, research, practical activities. */
export function Carousel() {
  const translate = useTranslate()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), INTERVAL_MS)
    return () => clearInterval(timer)
  }, [paused])
  const go = (i: number) => setIndex((i + SLIDES.length) % SLIDES.length)
  const slide = SLIDES[index]
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
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 2 }}>
          {translate(`aula.account.carousel.${slide}.title`)}
        </Typography>
        <Typography variant="h6" component="p" sx={{ opacity: 0.9, fontWeight: 400 }}>
          {translate(`aula.account.carousel.${slide}.text`)}
        </Typography>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center', mt: 4 }}>
        <IconButton color="inherit" onClick={() => go(index - 1)} aria-label={translate('aula.account.carousel.previous')}>
          <ChevronLeft />
        </IconButton>
        {SLIDES.map((s, i) => (
          <Box
            key={s}
            component="button"
            type="button"
            onClick={() => go(i)}
            aria-label={translate('aula.account.carousel.goTo', { number: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
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
                bgcolor: i === index ? 'currentColor' : 'transparent',
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
