import CancelOutlined from '@mui/icons-material/CancelOutlined'
import GppBadOutlined from '@mui/icons-material/GppBadOutlined'
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined'
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined'
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link, useParams } from 'react-router-dom'
import { ApiError } from '../../dataProvider/http'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { BareFrame } from '../catalogue/BareFrame'
import type { AppDataProvider } from '../../dataProvider'
import { checkCredential, type CredentialCheck } from './checkCredential'

const T = 'aula.learner.verify'

/**
 * /certificates/verify/:code (public, bare layout): the address printed under a certificate's QR
 * code. Confirms who earned which course and when, says plainly when it was revoked (and when), or
 * that no certificate has the code.
 */
export function VerifyPage() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const dates = useDateFormat()
  const { code = '' } = useParams()
  const result = useLoad(() => dataProvider.verifyCertificate(code), code)
  const unknown = result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400)
  return (
    <BareFrame home="/" maxWidth={720}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, mt: { xs: 1, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {translate(`${T}.title`)}
        </Typography>
        {result.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {result.data && (
          <Box role="status">
            {result.data.revokedAt ? (
              <>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'error.main', mb: 2 }}>
                  <GppBadOutlined aria-hidden="true" fontSize="large" />
                  <Typography variant="h5" component="h2" sx={{ color: 'error.dark' }}>
                    {translate(`${T}.revoked`)}
                  </Typography>
                </Box>
                <Typography sx={{ mb: 3, fontWeight: 600 }}>{translate(`${T}.revokedDetail`, { date: dates.date(result.data.revokedAt) })}</Typography>
              </>
            ) : (
              <>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.main', mb: 2 }}>
                  <VerifiedOutlined aria-hidden="true" fontSize="large" />
                  <Typography variant="h5" component="h2" sx={{ color: 'success.dark' }}>
                    {translate(`${T}.valid`)}
                  </Typography>
                </Box>
                <Typography sx={{ mb: 3 }}>
                  {translate(`${T}.statement`, { learner: result.data.learner, course: result.data.course, date: dates.date(result.data.issuedAt) })}
                </Typography>
              </>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: 1,
                m: 0,
                '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
                '& dt': { color: 'text.secondary' },
              }}
            >
              <dt>{translate(`${T}.learner`)}</dt>
              <dd>{result.data.learner}</dd>
              <dt>{translate(`${T}.course`)}</dt>
              <dd>{result.data.course}</dd>
              {result.data.hours !== null && (
                <>
                  <dt>{translate(`${T}.hours`)}</dt>
                  <dd>{translate('aula.learner.catalogue.hours', { smart_count: result.data.hours })}</dd>
                </>
              )}
              <dt>{translate(`${T}.issuedAt`)}</dt>
              <dd>{dates.date(result.data.issuedAt)}</dd>
              {result.data.revokedAt && (
                <>
                  <dt>{translate(`${T}.revokedOn`)}</dt>
                  <dd>{dates.date(result.data.revokedAt)}</dd>
                </>
              )}
              <dt>{translate(`${T}.code`)}</dt>
              <dd>
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {result.data.code}
                </Box>
              </dd>
            </Box>
            <BadgeStatus code={code} />
          </Box>
        )}
        {unknown && (
          <Box role="alert">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'error.main', mb: 2 }}>
              <CancelOutlined aria-hidden="true" fontSize="large" />
              <Typography variant="h5" component="h2" sx={{ color: 'error.dark' }}>
                {translate(`${T}.unknown`)}
              </Typography>
            </Box>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{translate(`${T}.unknownDetail`, { code })}</Typography>
          </Box>
        )}
        {result.error && !unknown ? <ErrorDisplay error={result.error} /> : null}
        <Button component={Link} to="/" variant="outlined" sx={{ mt: 4 }}>
          {translate(`${T}.home`)}
        </Button>
      </Paper>
    </BareFrame>
  )
}

/**
 * Says what the certificate's Open Badges credential is worth, checked here in the browser with the
 * issuer's published key and revocation status list (decision 0027), not on the server's word;
 * a browser that cannot check Ed25519 signatures shows the server's check. Says nothing when there
 * is no credential.
 */
function BadgeStatus({ code }: { code: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const check = useLoad(async () => {
    const badge = await dataProvider.certificateBadge(code)
    if (!badge) return null
    // A key set or status list that cannot be fetched now (network, rate limit) proves nothing either
    // way: the server's word is shown then, as in a browser that cannot check.
    const outcome = await dataProvider
      .issuerKeys()
      .then((keys) => checkCredential(badge.jwt, keys, (url) => dataProvider.statusListJwt(url)))
      .catch((): CredentialCheck => ({ state: 'unsupported' }))
    if (outcome.state !== 'unsupported') return outcome.state
    return badge.revokedAt ? 'revoked' : badge.verified ? 'server' : null
  }, code)
  const state = check.data
  if (!state) return null
  const good = state === 'valid' || state === 'server'
  const text = { valid: 'badgeChecked', server: 'badgeVerified', revoked: 'badgeRevoked', invalid: 'badgeInvalid' }[state]
  return (
    <Box data-badge-check={state} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 3, color: good ? 'success.dark' : 'error.dark' }}>
      {good ? <MilitaryTechOutlined aria-hidden="true" /> : <GppBadOutlined aria-hidden="true" />}
      <Typography>{translate(`${T}.${text}`)}</Typography>
    </Box>
  )
}
