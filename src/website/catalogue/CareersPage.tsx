import { Box, Link, Stack, Typography } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { SITE_CAREERS_MAX, type SiteCareer } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { useLoad } from '../../ui/useLoad'
import { SitesLink, T, useSite, WebsitePage } from '../common'
import { OrderedListEditor } from './OrderedListEditor'

const C = `${T}.siteCareers`

/**
 * `/admin/{site}/careers`: the careers the public site lists, in order, each with what its page shows
 * (cycles, subjects, published courses) and a link to that page. Saved whole with its revision.
 */
export function CareersPage() {
  const translate = useTranslate()
  const site = useSite()
  const dataProvider = useDataProvider<AppDataProvider>()
  // The site's default language makes the "View on the site" address; without it the link is left out.
  const sites = useLoad(() => dataProvider.listSites(), 'sites')
  const language = sites.data?.find((s) => s.slug === site)?.defaultLanguage
  return (
    <WebsitePage title={translate(`${C}.title`)} intro={translate(`${C}.intro`)} actions={<SitesLink />}>
      <OrderedListEditor<SiteCareer>
        texts={C}
        field="careers"
        loadKey={`site-careers:${site}`}
        load={() => dataProvider.getSiteCareers(site)}
        save={(ids, revision) => dataProvider.saveSiteCareers(site, ids, revision)}
        search={(q, signal) => dataProvider.findSiteCareerCandidates(site, q, signal)}
        idOf={(c) => c.id}
        nameOf={(c) => c.name}
        renderItem={(c) => <CareerSummary career={c} href={language ? `/site/${site}/${language}/careers/${c.id}` : null} />}
        max={SITE_CAREERS_MAX}
      />
    </WebsitePage>
  )
}

function CareerSummary({ career, href }: { career: SiteCareer; href: string | null }) {
  const translate = useTranslate()
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {career.name}
      </Typography>
      {career.description && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {career.description}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
        <Typography variant="body2">{translate(`${C}.cycles`, { smart_count: career.cycles })}</Typography>
        <Typography variant="body2">{translate(`${C}.subjects`, { smart_count: career.subjects })}</Typography>
        <Typography variant="body2">{translate(`${C}.courses`, { smart_count: career.courses })}</Typography>
        {href && (
          <Link href={href} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
            {translate(`${C}.view`, { name: career.name })}
          </Link>
        )}
      </Stack>
    </Box>
  )
}
