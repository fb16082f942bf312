import { Box, Card, CardContent, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material'
import { BooleanInput, EditBase, email, Form, maxLength, required, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { LANGUAGES } from '../../../contracts/config'
import type { AdminUser } from '../../../contracts/admin/users'
import { formatDateTime } from '../../ui/formatDateTime'
import { Scroll } from '../../ui/Scroll'
import { failureText } from '../common/ConfirmAction'
import { updatePath } from './paths'

const T = 'aula.admin.users'

/** The editable attributes (name, e-mail, verified, language) and every attribute the pool holds. */
export function UserAttributes({ user }: { user: AdminUser }) {
  const translate = useTranslate()
  const notify = useNotify()
  const navigate = useNavigate()
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.attributes`)}
        </Typography>
        <EditBase
          resource="admin/users"
          id={user.username}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{
            onSuccess: (data) => {
              const saved = data as unknown as AdminUser
              notify(`${T}.saved`, { type: 'success' })
              // The e-mail is part of the address: keep it in step with the account.
              if (saved.email !== user.email) navigate(updatePath(saved), { replace: true })
            },
            onError: (error) => notify(failureText(error, translate('aula.admin.common.failed')), { type: 'error' }),
          }}
        >
          <Form defaultValues={{ locale: user.attributes.locale ?? '' }}>
            <TextInput source="name" label={`${T}.fields.name`} validate={[required(), maxLength(200)]} fullWidth />
            <TextInput source="email" type="email" label={`${T}.fields.email`} validate={[required(), email(), maxLength(254)]} fullWidth />
            <BooleanInput source="emailVerified" label={`${T}.fields.emailVerified`} />
            <SelectInput source="locale" label={`${T}.fields.locale`} choices={LANGUAGES.map((l) => ({ id: l, name: `aula.admin.languages.${l}` }))} />
            <Box>
              <SaveButton label={`${T}.save`} />
            </Box>
          </Form>
        </EditBase>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
          {translate(`${T}.allAttributes`)}
        </Typography>
        <Scroll>
          <Table size="small" aria-label={translate(`${T}.allAttributes`)}>
            <TableBody>
              {Object.entries(user.attributes).map(([name, value]) => (
                <TableRow key={name}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {name}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate(`${T}.fields.created`)}
                </TableCell>
                <TableCell>{formatDateTime(user.createdAt)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate(`${T}.fields.updated`)}
                </TableCell>
                <TableCell>{formatDateTime(user.updatedAt)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Scroll>
      </CardContent>
    </Card>
  )
}
