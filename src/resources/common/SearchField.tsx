import SearchIcon from '@mui/icons-material/Search'
import { InputAdornment } from '@mui/material'
import { TextInput } from 'react-admin'

/**
 * The search box of the admin lists (`q` filter): no visible label, so its placeholder is also its
 * accessible name (react-admin's SearchInput leaves the input unnamed).
 */
export function SearchField({ placeholder, source = 'q' }: { placeholder: string; source?: string; alwaysOn?: boolean }) {
  return (
    <TextInput
      source={source}
      label={false}
      hiddenLabel
      resettable
      size="small"
      placeholder={placeholder}
      sx={{ mt: 0 }}
      slotProps={{
        htmlInput: { 'aria-label': placeholder },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
