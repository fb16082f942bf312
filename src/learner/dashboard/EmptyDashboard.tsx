import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined'
import SearchOutlined from '@mui/icons-material/SearchOutlined'
import { Box, Button, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { screenGroups } from '../../../contracts/screens'
import { inAnyGroup, useGroups } from '../../layout/access/groups'

/** The catalogue, where the top-bar search also leads (docs/decisions/0003-top-bar-search-target.md). */
const CATALOGUE = '/courses'

/**
 * The dashboard with no course yet: an illustration, requirements §2's message and a way to the catalogue
 * (offered only to those the screen table lets open it).
 */
export function EmptyDashboard() {
  const translate = useTranslate()
  const { groups } = useGroups()
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, sm: 8 }, px: 2, maxWidth: 520, mx: 'auto' }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 128,
          height: 128,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          position: 'relative',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <AutoStoriesOutlined sx={{ fontSize: 64 }} />
        <Box
          sx={{
            position: 'absolute',
            right: 4,
            bottom: 8,
            width: 40,
            height: 40,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            boxShadow: 2,
          }}
        >
          <SearchOutlined fontSize="small" />
        </Box>
      </Box>
      <Typography variant="h6" component="p" sx={{ mb: 3 }}>
        {translate('aula.account.dashboard.empty')}
      </Typography>
      {inAnyGroup(groups, screenGroups(CATALOGUE)) && (
        <Button component={Link} to={CATALOGUE} variant="contained" startIcon={<SearchOutlined />}>
          {translate('aula.catalogue.browse')}
        </Button>
      )}
    </Box>
  )
}
