import PersonAddAlt from '@mui/icons-material/PersonAddAlt'
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useTranslate } from 'react-admin'
import { COLLABORATOR_ROLES, type Collaborator, type CollaboratorRole } from '../../../contracts/courses/creator'
import { builderWrites } from '../../dataProvider/builderWrites'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'
import { useEntryField } from '../common/useEntryField'

type Translate = (key: string, options?: object) => string

/** The requirements' sharing messages in the reader's language; anything else as the server said it. */
export function shareError(error: unknown, translate: Translate): string {
  const body = (error as { body?: { message?: unknown; code?: unknown } } | null)?.body
  const status = (error as { status?: unknown } | null)?.status
  if (body?.message === "You're already owner of the course") return translate('aula.builder.collaborators.alreadyOwner')
  if (body?.code === 'CANNOT_MANAGE' || status === 403) return translate('aula.builder.collaborators.cannotManage')
  if (body?.message === 'User not found') return translate('aula.builder.collaborators.userNotFound')
  if (typeof body?.message === 'string') return body.message
  return error instanceof Error ? error.message : String(error)
}

/** The collaborators tab: the owner (or an admin) invites by username and removes with a confirmation. */
export function CollaboratorsTab() {
  const translate = useTranslate()
  const { course, saver, canManage } = useBuilderCourse()
  const [people, setPeople] = useState<Collaborator[]>(course.collaborators)
  const entry = useEntryField(translate('aula.builder.collaborators.usernameHint'))
  const setError = entry.setError
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)
  const [role, setRole] = useState<CollaboratorRole>('collaborator')

  const answered = (answer: Record<string, unknown>, fallback: Collaborator[]) =>
    setPeople(Array.isArray(answer.items) ? (answer.items as Collaborator[]) : fallback)

  const invite = async (event: FormEvent) => {
    event.preventDefault()
    const name = entry.check({ existing: people.map((p) => p.username), required: true })
    if (name === null) return
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const answer = await saver.enqueue(builderWrites.addCollaborator(course.uuid, name, role), { debounce: false })
      // Shown by username until the server's answer names them.
      answered(answer, [...people, { username: name, role } as Collaborator])
      entry.clear()
      setNotice(translate('aula.builder.collaborators.invited', { username: name }))
    } catch (err) {
      setError(shareError(err, translate))
    } finally {
      setBusy(false)
    }
  }

  /** Gives someone already on the course another role (sharing again with the new role). */
  const changeRole = async (name: string, next: CollaboratorRole) => {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const answer = await saver.enqueue(builderWrites.addCollaborator(course.uuid, name, next), { debounce: false })
      answered(
        answer,
        people.map((p) => (p.username === name ? { ...p, role: next } : p)),
      )
      setNotice(translate('aula.builder.collaborators.roleChanged', { username: name, role: translate(`aula.builder.list.roles.${next}`) }))
    } catch (err) {
      setError(shareError(err, translate))
    } finally {
      setBusy(false)
    }
  }

  const remove = async (name: string) => {
    setRemoving(null)
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const answer = await saver.enqueue(builderWrites.removeCollaborator(course.uuid, name), { debounce: false })
      answered(
        answer,
        people.filter((p) => p.username !== name),
      )
      setNotice(translate('aula.builder.collaborators.removed', { username: name }))
    } catch (err) {
      setError(shareError(err, translate))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box>
      <TabIntro title="aula.builder.collaborators.title" intro="aula.builder.collaborators.intro" />
      {!canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('aula.builder.collaborators.cannotManage')}
        </Alert>
      )}
      {canManage && (
        <Box component="form" onSubmit={(e) => void invite(e)} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            size="small"
            label={translate('aula.builder.collaborators.username')}
            {...entry.field}
            sx={{ width: { xs: '100%', sm: 320 } }}
            disabled={busy}
            autoComplete="off"
          />
          <TextField
            select
            size="small"
            label={translate('aula.builder.collaborators.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as CollaboratorRole)}
            disabled={busy}
            helperText={translate(`aula.builder.collaborators.roleHelp.${role}`)}
            sx={{ width: { xs: '100%', sm: 240 } }}
          >
            {COLLABORATOR_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`aula.builder.list.roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" startIcon={<PersonAddAlt />} disabled={busy}>
            {translate(busy ? 'aula.builder.collaborators.inviting' : 'aula.builder.collaborators.invite')}
          </Button>
        </Box>
      )}
      <Box role="status" aria-live="polite">
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
      </Box>
      {people.length === 0 ? (
        <Alert severity="info">{translate('aula.builder.collaborators.empty')}</Alert>
      ) : (
        <List aria-label={translate('aula.builder.collaborators.title')}>
          {people.map((p) => (
            <ListItem
              key={p.username}
              divider
              sx={{ flexWrap: 'wrap', gap: 1, pr: 8 }}
              secondaryAction={
                canManage ? (
                  <Tooltip title={translate('aula.builder.collaborators.remove', { username: p.username })}>
                    <IconButton
                      edge="end"
                      aria-label={translate('aula.builder.collaborators.remove', { username: p.username })}
                      onClick={() => setRemoving(p.username)}
                      disabled={busy}
                    >
                      <PersonRemoveOutlined />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemText primary={p.name || p.username} secondary={p.name ? p.username : undefined} />
              {canManage ? (
                <TextField
                  select
                  size="small"
                  label={translate('aula.builder.collaborators.roleOf', { username: p.username })}
                  value={p.role ?? 'collaborator'}
                  onChange={(e) => void changeRole(p.username, e.target.value as CollaboratorRole)}
                  disabled={busy}
                  sx={{ width: { xs: '100%', sm: 200 }, mr: { sm: 6 } }}
                >
                  {COLLABORATOR_ROLES.map((r) => (
                    <MenuItem key={r} value={r}>
                      {translate(`aula.builder.list.roles.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mr: 2 }}>
                  {translate(`aula.builder.list.roles.${p.role ?? 'collaborator'}`)}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="remove-collaborator-title">
        <DialogTitle id="remove-collaborator-title">{translate('aula.builder.collaborators.confirmRemove', { username: removing ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('aula.builder.collaborators.intro')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{translate('aula.builder.collaborators.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => removing && void remove(removing)}>
            {translate('aula.builder.collaborators.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  )
}
