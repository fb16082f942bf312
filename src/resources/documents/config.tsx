import PublishOutlined from '@mui/icons-material/PublishOutlined'
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined'
import { Accordion, AccordionDetails, AccordionSummary, Alert, AlertTitle, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import {
  ArrayInput,
  maxLength,
  regex,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin'
import { useWatch } from 'react-hook-form'
import { TRANSLATION_LOCALES, type AdminDocument } from '../../../contracts/admin/documents'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { sanitizeHtml } from '../../ui/sanitizeHtml'
import type { CatalogueConfig } from '../catalogues/types'
import { ConfirmAction } from '../common/ConfirmAction'
import { DocumentTextInput } from './DocumentTextInput'

const T = 'aula.admin.catalogues.documents'
const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * Documents: HTML written in a rich-text editor. The server sanitises it on save, and every screen
 * sanitises it again before showing it (the preview here too), so admin-authored HTML never runs script.
 */
export const config: CatalogueConfig = {
  name: 'documents',
  columns: [
    { key: 'id', label: `${T}.key`, render: (r) => <code>{String(r.id)}</code> },
    { key: 'published', label: `${T}.published`, render: (r) => <PublishedChip at={r.publishedAt as string | null} /> },
    { key: 'outdated', label: `${T}.languagesStatus`, render: (r) => <OutdatedChip outdated={(r.outdated as AdminDocument['outdated'] | undefined) ?? []} /> },
  ],
  Inputs: ({ mode }) => (
    <>
      {mode === 'create' && (
        <TextInput
          source="id"
          label={`${T}.key`}
          helperText={`${T}.keyHelp`}
          validate={[required(), maxLength(120), regex(KEY, `${T}.keyInvalid`)]}
          fullWidth
        />
      )}
      {mode === 'edit' && <OutdatedNotice />}
      <TextInput source="name" label="aula.admin.common.name" validate={[required(), maxLength(200)]} fullWidth />
      <DocumentTextInput source="content" label={`${T}.content`} validate={maxLength(200000)} fullWidth />
      <Preview source="content" />
      <Translations>
        <ArrayInput source="translations" label={`${T}.translations`}>
          <SimpleFormIterator inline={false} disableReordering fullWidth>
            <SelectInput
              source="locale"
              label={`${T}.locale`}
              choices={TRANSLATION_LOCALES.map((l) => ({ id: l, name: `aula.admin.languages.${l}` }))}
              validate={required()}
            />
            <TextInput source="name" label="aula.admin.common.name" validate={[required(), maxLength(200)]} fullWidth />
            <DocumentTextInput source="content" label={`${T}.content`} fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
      </Translations>
    </>
  ),
  EditActions: PublishAction,
}

/** The other languages' texts, folded away until needed (each holds a whole editor). */
function Translations({ children }: { children: ReactNode }) {
  const translate = useTranslate()
  const count = (useWatch({ name: 'translations' }) as unknown[] | undefined)?.length ?? 0
  return (
    <Accordion variant="outlined" disableGutters sx={{ width: '100%', mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Typography>{translate(`${T}.translationsCount`, { smart_count: count })}</Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  )
}

function PublishedChip({ at }: { at: string | null }) {
  const translate = useTranslate()
  return at ? (
    <Chip size="small" color="success" label={translate(`${T}.publishedAt`, { date: formatDateTime(at) })} />
  ) : (
    <Chip size="small" variant="outlined" label={translate(`${T}.draft`)} />
  )
}

/** The list's word on the languages: all up to date, or which are outdated by another language's edit. */
function OutdatedChip({ outdated }: { outdated: AdminDocument['outdated'] }) {
  const translate = useTranslate()
  if (!outdated.length) return <Chip size="small" variant="outlined" label={translate(`${T}.upToDate`)} />
  const languages = outdated.map((l) => translate(`aula.admin.languages.${l}`)).join(', ')
  return <Chip size="small" color="warning" label={translate(`${T}.outdatedList`, { languages })} />
}

/**
 * The languages another language's edit left outdated (the server decides), each with a way to
 * confirm it is still current; editing and saving a language's text brings it up to date as well.
 */
function OutdatedNotice() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const refresh = useRefresh()
  const notify = useNotify()
  const record = useRecordContext<AdminDocument>()
  if (!record?.outdated.length) return null
  const mark = async (locale: AdminDocument['outdated'][number]) => {
    try {
      await dataProvider.markDocumentUpToDate(record.id, locale, record.revision)
      notify(translate(`${T}.markedUpToDate`, { language: translate(`aula.admin.languages.${locale}`) }), { type: 'success' })
    } catch (error) {
      notify(error instanceof Error ? error.message : translate('aula.admin.common.failed'), { type: 'error' })
    }
    refresh()
  }
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>
      <AlertTitle>{translate(`${T}.outdatedTitle`)}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(`${T}.outdatedHelp`)}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {record.outdated.map((locale) => (
          <Box component="li" key={locale} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" component="span" sx={{ minWidth: 160 }}>
              {translate(`aula.admin.languages.${locale}`)}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              onClick={() => void mark(locale)}
              aria-label={`${translate(`${T}.markUpToDate`)}: ${translate(`aula.admin.languages.${locale}`)}`}
            >
              {translate(`${T}.markUpToDate`)}
            </Button>
          </Box>
        ))}
      </Stack>
    </Alert>
  )
}

/** What readers will see: the text as the reader screens render it, sanitised. */
function Preview({ source }: { source: string }) {
  const translate = useTranslate()
  const html = useWatch({ name: source }) as string | undefined
  return (
    <Card variant="outlined" sx={{ mb: 2, width: '100%' }}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" color="text.secondary">
          {translate(`${T}.preview`)}
        </Typography>
        <Box sx={{ '& p': { my: 1 } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html ?? '') }} />
      </CardContent>
    </Card>
  )
}

/** Publishes the saved revision (sets published_at): readers see it from then on. */
function PublishAction() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const refresh = useRefresh()
  const record = useRecordContext<AdminDocument>()
  if (!record) return null
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <PublishedChip at={record.publishedAt} />
      <ConfirmAction
        label={translate(`${T}.publish`)}
        icon={<PublishOutlined />}
        title={translate(`${T}.publishTitle`)}
        content={translate(`${T}.publishContent`, { revision: record.revision })}
        run={async () => {
          await dataProvider.publishDocument(record.id, record.revision)
          refresh()
          return translate(`${T}.publishedNow`)
        }}
      />
    </Box>
  )
}
