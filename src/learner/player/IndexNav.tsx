import CheckCircle from '@mui/icons-material/CheckCircle'
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked'
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import type { IndexBlock, PlayerIndex } from '../../../contracts/learner/player'
import { overviewPath, playerPath } from './paths'
import type { PlayerTranslate } from './texts'

/** The course's index: its counts, the way to the overview, and every section's blocks with their completion. */
export function IndexNav({ t, index, current, onFollow }: { t: PlayerTranslate; index: PlayerIndex; current: string | null; onFollow: () => void }) {
  return (
    <Box component="nav" id="player-index" aria-label={t('index')}>
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
        {index.course.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('blocksDone', { done: index.progress.done, total: index.progress.total })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('remainingDays', { smart_count: index.subscription.remainingDays })}
      </Typography>
      <Box sx={{ px: 2, pt: 1 }}>
        <Button component={RouterLink} to={overviewPath(index.course.uuid)} size="small" onClick={onFollow}>
          {t('overview')}
        </Button>
      </Box>
      {index.sections.map((section) => (
        <Box key={section.id} component="section" aria-labelledby={`section-${section.id}`}>
          <Typography id={`section-${section.id}`} component="h3" variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 2, pb: 0.5 }}>
            {section.title}
          </Typography>
          <List dense disablePadding>
            {section.blocks.map((b) => (
              <IndexEntry key={b.id} t={t} course={index.course.uuid} block={b} current={b.id === current} onFollow={onFollow} />
            ))}
          </List>
        </Box>
      ))}
    </Box>
  )
}

function IndexEntry({
  t,
  course,
  block,
  current,
  onFollow,
}: {
  t: PlayerTranslate
  course: string
  block: IndexBlock
  current: boolean
  onFollow: () => void
}) {
  const state = block.completed ? t('completed') : t('pending')
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={playerPath(course, block.id)}
        selected={current}
        aria-current={current ? 'page' : undefined}
        onClick={onFollow}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          {block.completed ? (
            <CheckCircle color="success" fontSize="small" titleAccess={state} />
          ) : (
            <RadioButtonUnchecked fontSize="small" titleAccess={state} />
          )}
        </ListItemIcon>
        <ListItemText
          primary={block.title || t(`kinds.${block.kind}`)}
          secondary={`${t(`kinds.${block.kind}`)}${block.required ? ` · ${t('required')}` : ''}`}
        />
      </ListItemButton>
    </li>
  )
}
