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
 * Every layout option of spec §2, applying §4's forced combinations and kept per browser.
 * The settings panel shows it, and so does the `/settings/ui` pane.
 */
export function LayoutSettingsForm() {
  const translate = useTranslate()
  const [settings, update] = useLayoutSettings()
  const vertical = settings.layoutType === 'vertical'

  return (
    <Stack spacing={3}>
      <Choice
        field="layoutType"
        values={LAYOUT_TYPES}
        labels="layouts"
        title={translate(`${T}.layout`)}
        settings={settings}
        onChange={update}
      />
      <Choice
        field="layoutWidth"
        values={LAYOUT_WIDTHS}
        labels="widths"
        title={translate(`${T}.width`)}
        settings={settings}
        onChange={update}
      />
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
      <Choice
        field="leftSideBarType"
        values={SIDEBAR_TYPES}
        labels="sidebarTypes"
        title={translate(`${T}.sidebarType`)}
        settings={settings}
        onChange={update}
        disabled={() => !vertical}
        note={vertical ? undefined : translate(`${T}.sidebarNote`)}
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
        sx={{ flexWrap: 'wrap', gap: swatch ? 1 : 0 }}
      >
        {values.map((value) => (
          <ToggleButton key={value} value={value} disabled={disabled?.(value)} sx={swatch ? swatchSx : undefined}>
            {swatch ? <Swatch background={swatch(value)} label={translate(`${T}.${labels}.${value}`)} /> : translate(`${T}.${labels}.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      )}
    </Box>
  )
}

const swatchSx = {
  flexDirection: 'column',
  gap: 0.5,
  p: 0.75,
  width: 76,
  border: '1px solid',
  borderColor: 'divider',
  borderRadius: '8px !important',
  fontSize: 11,
  lineHeight: 1.2,
  '&.Mui-selected': { outline: '2px solid', outlineColor: 'primary.main' },
} as const

function Swatch({ background, label }: { background: string; label: ReactNode }) {
  return (
    <>
      <Box aria-hidden="true" sx={{ width: '100%', height: 36, borderRadius: 1, background, border: '1px solid rgba(15,23,42,0.12)' }} />
      {label}
    </>
  )
}
