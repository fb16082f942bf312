import Add from '@mui/icons-material/Add'
import { Alert, Box, Button, Chip, TextField } from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useTranslate } from 'react-admin'
import { builderWrites } from '../../dataProvider/builderWrites'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'
import { useEntryField } from '../common/useEntryField'

export const TAG_LIMITS = { tag: 50, items: 30 } as const

/** The tags tab: add by name, remove from the chips; the whole list is saved on each change. */
export function TagsTab() {
  const translate = useTranslate()
  const { course, saver, canEdit } = useBuilderCourse()
  const [tags, setTags] = useState<string[]>(() => (saver.pendingBody('tags')?.items as string[] | undefined) ?? course.tags)
  const entry = useEntryField()

  const save = (next: string[]) => {
    setTags(next)
    void saver.enqueue(builderWrites.tags(course.uuid, next), { merge: false }).catch(() => undefined)
  }
  const add = (event: FormEvent) => {
    event.preventDefault()
    const tag = entry.check({ existing: tags, required: true, maxLength: TAG_LIMITS.tag })
    if (tag === null) return
    entry.clear()
    save([...tags, tag])
  }

  return (
    <Box>
      <TabIntro title="aula.builder.tags.title" intro="aula.builder.tags.intro" />
      {tags.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('aula.builder.tags.empty')}
        </Alert>
      ) : (
        <Box
          component="ul"
          aria-label={translate('aula.builder.tags.title')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip
                label={tag}
                onDelete={canEdit ? () => save(tags.filter((t) => t !== tag)) : undefined}
                aria-label={canEdit ? translate('aula.builder.tags.remove', { tag }) : undefined}
              />
            </li>
          ))}
        </Box>
      )}
      {canEdit && (
        <Box component="form" onSubmit={add} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField size="small" label={translate('aula.builder.tags.label')} {...entry.field} sx={{ width: { xs: '100%', sm: 280 } }} />
          <Button type="submit" variant="outlined" startIcon={<Add />} disabled={tags.length >= TAG_LIMITS.items}>
            {translate('aula.builder.tags.add')}
          </Button>
        </Box>
      )}
    </Box>
  )
}
