import { Box, FormControlLabel, Stack, Switch, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { useId, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { sidebarBackground } from '../theme/chrome'
import {
  LAYOUT_TYPES,
  LAYOUT_WIDTHS,
  SIDEBAR_IMAGES,
  SIDEBAR_THEMES,
  SIDEBAR_TYPES,
  TOPBAR_THEMES,
  topbarThemeAllowed,
  type LayoutSettings,
} from './layoutSettings'
import { useLayoutSettings } from './layoutSettingsStore'

const T = 'aula.layoutSettings'

/**
 * Every layout option of requirements §2, applying §4's forced combinations and kept per browser.
 * The settings panel shows it, and so does the `/settings/ui` pane.
 */
export function LayoutSettingsForm() {
  const translate = useTranslate()
  const [settings, update] = useLayoutSettings()
  const vertical = settings.layoutType === 'vertical'

  return (
    <Stack spacing={3}>
      <Choice field="layoutType" values={LAYOUT_TYPES} labels="layouts" title={translate(`${T}.layout`)} settings={settings} onChange={update} />
      <Choice field="layoutWidth" values={LAYOUT_WIDTHS} labels="widths" title={translate(`${T}.width`)} settings={settings} onChange={update} />
      <Choice
        field="topbarTheme"
        values={TOPBAR_THEMES}
        labels="topbarThemes"
        title={translate(`${T}.topbar`)}
        settings={settings}
        onChange={update}
        disabled={(v) => !topbarThemeAllowed(v, settings.layoutType)}
        note={vertical ? translate(`${T}.coloredNote`) : undefined}
      />
      {!vertical && (
        <Typography variant="body2" color="text.secondary" component="p" role="note" sx={{ mb: -1.5 }}>
          {translate(`${T}.sidebarNote`)}
        </Typography>
      )}
      <Choice
        field="leftSideBarType"
        values={SIDEBAR_TYPES}
        labels="sidebarTypes"
        title={translate(`${T}.sidebarType`)}
        settings={settings}
        onChange={update}
        disabled={() => !vertical}
      />
      <Choice
        field="leftSideBarTheme"
        values={SIDEBAR_THEMES}
        labels="sidebarThemes"
        title={translate(`${T}.sidebarTheme`)}
        settings={settings}
        onChange={update}
        disabled={() => !vertical}
        swatch={(v) => sidebarBackground(v, 'none')}
      />
      <Choice
        field="leftSideBarThemeImage"
        values={SIDEBAR_IMAGES}
        labels="sidebarImages"
        title={translate(`${T}.sidebarImage`)}
        settings={settings}
        onChange={update}
        disabled={() => !vertical}
        swatch={(v) => sidebarBackground(settings.leftSideBarTheme === 'light' ? 'dark' : settings.leftSideBarTheme, v)}
      />
      <FormControlLabel
        control={<Switch checked={settings.isPreloader} onChange={(e) => update({ isPreloader: e.target.checked })} />}
        label={translate(`${T}.preloader`)}
      />
    </Stack>
  )
}

type ChoiceField = Exclude<keyof LayoutSettings, 'isPreloader'>

interface ChoiceProps<F extends ChoiceField> {
  field: F
  values: readonly LayoutSettings[F][]
  /** The group of option labels under aula.layoutSettings. */
  labels: string
  title: string
  settings: LayoutSettings
  onChange: (change: Partial<LayoutSettings>) => void
  disabled?: (value: LayoutSettings[F]) => boolean
  note?: string
  /** Draws each option as a colour swatch (its label then names it for assistive technology). */
  swatch?: (value: LayoutSettings[F]) => string
}

function Choice<F extends ChoiceField>({ field, values, labels, title, settings, onChange, disabled, note, swatch }: ChoiceProps<F>) {
  const translate = useTranslate()
  const titleId = useId()
  return (
    <Box>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={settings[field]}
        aria-labelledby={titleId}
        onChange={(_, value: LayoutSettings[F] | null) => value && onChange({ [field]: value })}
        sx={swatch ? swatchGridSx : { ...textGridSx, gridTemplateColumns: `repeat(${values.length}, minmax(0, 1fr))` }}
      >
        {values.map((value) => {
          const off = disabled?.(value) ?? false
          return (
            <ToggleButton key={value} value={value} disabled={off} aria-disabled={off || undefined} sx={swatch ? swatchSx : textSx}>
              {swatch ? <Swatch background={swatch(value)} label={translate(`${T}.${labels}.${value}`)} /> : translate(`${T}.${labels}.${value}`)}
            </ToggleButton>
          )
        })}
      </ToggleButtonGroup>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      )}
    </Box>
  )
}

/**
 * Text options share the row in equal columns and a long label wraps inside its button (a phone's
 * 'Solo íconos' stays in the group instead of dropping to a line of its own).
 */
const textGridSx = { display: 'grid', width: '100%' } as const

const textSx = {
  whiteSpace: 'normal',
  lineHeight: 1.25,
  overflowWrap: 'break-word',
  hyphens: 'auto',
  minHeight: 40,
  px: 0.5,
  fontSize: 13,
} as const

/** Swatches sit in a grid of equal cells; every label has room for two lines, so rows line up. */
const swatchGridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
  gap: 1,
  // The group's joined-button margins and borders do not apply to separate swatches.
  '& .MuiToggleButtonGroup-grouped': { m: 0, border: '1px solid', borderColor: 'divider', borderRadius: '8px' },
} as const

const swatchSx = {
  flexDirection: 'column',
  justifyContent: 'flex-start',
  gap: 0.5,
  p: 0.75,
  minWidth: 0,
  fontSize: 11,
  lineHeight: 1.2,
  '&.Mui-selected': { outline: '2px solid', outlineColor: 'primary.main' },
  // A swatch that does not apply looks it: faded and grey, not a colour to pick.
  '&.Mui-disabled': { opacity: 0.45, filter: 'grayscale(1)' },
} as const

function Swatch({ background, label }: { background: string; label: ReactNode }) {
  return (
    <>
      <Box aria-hidden="true" sx={{ width: '100%', height: 36, flexShrink: 0, borderRadius: 1, background, border: '1px solid rgba(15,23,42,0.12)' }} />
      <Box component="span" sx={{ minHeight: '2.4em', display: 'flex', alignItems: 'center', textAlign: 'center' }}>
        {label}
      </Box>
    </>
  )
}
