import { Alert, Box, Button, Card, CardContent, Checkbox, CircularProgress, FormControlLabel, FormGroup, LinearProgress, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useGetList, useTranslate } from 'react-admin'
import type { AdminGroup } from '../../../contracts/admin/groups'
import { GROUPS } from '../../../contracts/groups'
import type { AppDataProvider } from '../../dataProvider'
import { groupDescription } from '../common/poolLabels'
import { useAdminLoad } from '../common/useAdminLoad'
import { failureText, type ActionResult } from '../common/ConfirmAction'

const T = 'aula.admin.users.groupsEditor'

/** The user's groups (`GET|PUT /api/admin/users/groups/{id}`): tick the groups, then save the whole list. */
export function UserGroupsEditor({ username }: { username: string }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const current = useAdminLoad(() => dataProvider.getUserGroups(username), username)
  const pool = useGetList<AdminGroup & { id: string }>('admin/groups', { pagination: { page: 1, perPage: 60 } })
  // The ticked groups while editing; null shows the saved ones.
  const [edited, setEdited] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ActionResult | null>(null)
  const chosen = edited ?? current.data?.groups ?? null
  const setChosen = setEdited

  // The pool's groups, the role groups of requirements §6 even before the pool lists them, and any the user holds.
  const names = [...new Set([...GROUPS, ...(pool.data ?? []).map((g) => g.name), ...(current.data?.groups ?? [])])].sort()
  const descriptions = new Map(
    [...GROUPS.map((name) => ({ name, description: null })), ...(pool.data ?? [])].map((g) => [g.name, groupDescription(translate, g)]),
  )
  const dirty = chosen !== null && current.data !== undefined && [...chosen].sort().join() !== [...current.data.groups].sort().join()

  const save = async () => {
    if (!chosen) return
    setBusy(true)
    setResult(null)
    try {
      const saved = await dataProvider.setUserGroups(username, chosen)
      setEdited(saved.groups)
      current.reload()
      setResult({ severity: 'success', message: translate(`${T}.saved`) })
    } catch (error) {
      setResult({ severity: 'error', message: failureText(error, translate('aula.admin.common.failed')) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }} id="groups-editor-title">
          {translate(`${T}.title`)}
        </Typography>
        {current.error ? (
          <Alert severity="error">{failureText(current.error, translate('aula.admin.common.failed'))}</Alert>
        ) : chosen === null ? (
          <LinearProgress aria-hidden="true" />
        ) : (
          <>
            <FormGroup aria-labelledby="groups-editor-title">
              {names.map((name) => (
                <FormControlLabel
                  key={name}
                  control={
                    <Checkbox
                      checked={chosen.includes(name)}
                      onChange={(e) => setChosen(e.target.checked ? [...chosen, name] : chosen.filter((g) => g !== name))}
                    />
                  }
                  label={
                    <Box>
                      <Typography component="span">{name}</Typography>
                      {descriptions.get(name) && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {` — ${descriptions.get(name)}`}
                        </Typography>
                      )}
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={!dirty || busy}
              onClick={save}
              startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
            >
              {translate(`${T}.save`)}
            </Button>
          </>
        )}
        {result && (
          <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }}>
            {result.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
