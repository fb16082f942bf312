import { Alert, Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material'
import { useCallback, useEffect, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { ManagedOrganization, OrganizationPerson, SeatCourse } from '../../contracts/organizations/managers'
import type { AppDataProvider } from '../dataProvider'
import { PeopleList } from './PeopleList'
import { PersonPanel } from './PersonPanel'

const message = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

/** The organisation managers' screen: seats, people (search and pages), a person's courses, the CSV report. */
export function OrganizationPage({ host }: { host: string }) {
  const t = useTranslate()
  const [org, setOrg] = useState<ManagedOrganization | null>(null)
  const [seats, setSeats] = useState<SeatCourse[]>([])
  const [error, setError] = useState<string | null>(null)
  const [selected, setSelected] = useState<OrganizationPerson | null>(null)
  const [reportError, setReportError] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)

  const dataProvider = useDataProvider<AppDataProvider>()
  // `live` says whether the answer still matters (the screen may have moved to another organisation).
  const load = useCallback(
    (live: () => boolean = () => true) =>
      Promise.all([dataProvider.getManagedOrganization(host), dataProvider.getOrganizationSeats(host)]).then(
        ([o, s]) => {
          if (!live()) return
          setOrg(o)
          setSeats(s)
        },
        (e: unknown) => live() && setError(message(e, t('aula.organizations.loadError'))),
      ),
    [dataProvider, host, t],
  )
  useEffect(() => {
    let live = true
    void load(() => live)
    return () => {
      live = false
    }
  }, [load])
  const reloadSeats = useCallback(async () => setSeats(await dataProvider.getOrganizationSeats(host)), [dataProvider, host])

  if (error)
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button
            color="inherit"
            onClick={() => {
              setError(null)
              void load()
            }}
          >
            {t('aula.organizations.retry')}
          </Button>
        }
      >
        {error}
      </Alert>
    )
  if (!org) return <LinearProgress aria-label={t('ra.page.loading')} />

  const download = async () => {
    setReportError(null)
    setDownloading(true)
    try {
      await dataProvider.downloadOrganizationReport(host)
    } catch (e) {
      setReportError(message(e, t('aula.organizations.report.failed')))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t('aula.organizations.title', { name: org.name })}
          </Typography>
          <Typography color="text.secondary">{t('aula.organizations.intro', { domain: org.domain })}</Typography>
        </Box>
        <Button variant="outlined" onClick={() => void download()} disabled={downloading}>
          {t('aula.organizations.report.download')}
        </Button>
      </Stack>
      {reportError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {reportError}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('aula.organizations.seats.heading')}
          </Typography>
          {seats.length === 0 ? (
            <Typography color="text.secondary">{t('aula.organizations.seats.empty')}</Typography>
          ) : (
            <List dense>
              {seats.map((s) => (
                <ListItem key={s.courseId} disableGutters>
                  <ListItemText primary={s.courseName} secondary={t('aula.organizations.seats.left', { left: s.left, seats: s.seats })} />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, width: '100%' }}>
          <PeopleList host={host} onOpen={setSelected} />
        </Box>
        {selected && (
          <Box sx={{ flex: 1, width: '100%' }}>
            <PersonPanel key={selected.username} host={host} person={selected} seats={seats} onClose={() => setSelected(null)} onSubscribed={reloadSeats} />
          </Box>
        )}
      </Stack>
    </Box>
  )
}
