import { Typography } from '@mui/material'
import { useTranslate } from 'react-admin'

/** A tab's heading and one line saying what it is for. */
export function TabIntro({ title, intro }: { title: string; intro?: string }) {
  const translate = useTranslate()
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {translate(title)}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(intro)}
        </Typography>
      )}
    </>
  )
}
