import Add from '@mui/icons-material/Add'
import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import { Alert, Box, Button, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import type { FaqItem } from '../../../contracts/courses/creator'
import { builderWrites } from '../../dataProvider/builderWrites'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'

export const FAQ_LIMITS = { question: 500, answer: 10000, items: 100 } as const

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `faq-${Date.now()}-${Math.random().toString(36).slice(2)}`)

/** The FAQ tab: questions and answers in order; the list is saved whole once every entry is complete. */
export function FaqTab() {
  const translate = useTranslate()
  const { course, saver, canEdit } = useBuilderCourse()
  const [items, setItems] = useState<FaqItem[]>(() => (saver.pendingBody('faq')?.items as FaqItem[] | undefined) ?? course.faq)
  const [touched, setTouched] = useState<Set<string>>(new Set())

  const problem = (item: FaqItem, field: 'question' | 'answer') => {
    const value = item[field]
    if (value.trim() === '') return translate('aula.builder.validation.required')
    if (value.length > FAQ_LIMITS[field]) return translate('aula.builder.validation.tooLong', { max: FAQ_LIMITS[field] })
    return null
  }
  const valid = (list: FaqItem[]) => list.every((i) => !problem(i, 'question') && !problem(i, 'answer'))

  const save = (next: FaqItem[]) => {
    setItems(next)
    // An unfinished entry would be refused: the list goes out when every entry is complete.
    if (valid(next)) void saver.enqueue(builderWrites.faq(course.uuid, next), { merge: false }).catch(() => undefined)
  }
  const edit = (id: string, field: 'question' | 'answer', value: string) => save(items.map((i) => (i.id === id ? { ...i, [field]: value } : i)))
  const move = (index: number, by: -1 | 1) => {
    const next = [...items]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item)
    save(next)
  }
  const touch = (key: string) => setTouched((t) => new Set(t).add(key))

  return (
    <Box>
      <TabIntro title="aula.builder.faq.title" intro="aula.builder.faq.intro" />
      {items.length === 0 && <Alert severity="info">{translate('aula.builder.faq.empty')}</Alert>}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item, index) => {
          const n = index + 1
          const qError = touched.has(`${item.id}:q`) ? problem(item, 'question') : null
          const aError = touched.has(`${item.id}:a`) ? problem(item, 'answer') : null
          return (
            <Paper component="li" key={item.id} variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
                <Stack spacing={2} sx={{ flex: 1, width: '100%' }}>
                  <TextField
                    label={translate('aula.builder.faq.question', { n })}
                    value={item.question}
                    onChange={(e) => edit(item.id, 'question', e.target.value)}
                    onBlur={() => touch(`${item.id}:q`)}
                    error={Boolean(qError)}
                    helperText={qError}
                    required
                    fullWidth
                    disabled={!canEdit}
                  />
                  <TextField
                    label={translate('aula.builder.faq.answer', { n })}
                    value={item.answer}
                    onChange={(e) => edit(item.id, 'answer', e.target.value)}
                    onBlur={() => touch(`${item.id}:a`)}
                    error={Boolean(aError)}
                    helperText={aError}
                    required
                    multiline
                    minRows={2}
                    fullWidth
                    disabled={!canEdit}
                  />
                </Stack>
                {canEdit && (
                  <Box sx={{ display: 'flex', flexDirection: { xs: 'row', sm: 'column' } }}>
                    <Tooltip title={translate('aula.builder.faq.moveUp', { n })}>
                      <span>
                        <IconButton aria-label={translate('aula.builder.faq.moveUp', { n })} disabled={index === 0} onClick={() => move(index, -1)}>
                          <ArrowUpward />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={translate('aula.builder.faq.moveDown', { n })}>
                      <span>
                        <IconButton
                          aria-label={translate('aula.builder.faq.moveDown', { n })}
                          disabled={index === items.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDownward />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={translate('aula.builder.faq.remove', { n })}>
                      <IconButton aria-label={translate('aula.builder.faq.remove', { n })} onClick={() => save(items.filter((i) => i.id !== item.id))}>
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </Box>
                )}
              </Box>
            </Paper>
          )
        })}
      </Stack>
      {canEdit && (
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            startIcon={<Add />}
            variant="outlined"
            disabled={items.length >= FAQ_LIMITS.items}
            onClick={() => setItems([...items, { id: newId(), question: '', answer: '' }])}
          >
            {translate('aula.builder.faq.add')}
          </Button>
          {!valid(items) && (
            <Typography variant="body2" color="text.secondary">
              {translate('aula.builder.validation.fixBelow')}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  )
}
