import {
  CheckboxGroupInput,
  Create,
  email,
  maxLength,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { LANGUAGES } from '../../../contracts/config'
import { GROUPS } from '../../../contracts/groups'
import type { AdminUser, UserCreateBody } from '../../../contracts/admin/users'
import { AdminPage } from '../common/AdminPage'
import { updatePath } from './paths'

const T = 'aula.admin.users'

/** `POST /api/admin/users/create`: the invitation with a temporary password is mailed, then the update page opens. */
export function UserCreate() {
  const translate = useTranslate()
  // The invitation is written, by default, in the language the administrator is reading.
  const [locale] = useLocaleState()
  const notify = useNotify()
  const navigate = useNavigate()
  return (
    <AdminPage
      title={translate(`${T}.create.title`)}
      crumbs={[{ label: translate(`${T}.crumb`), to: '/admin/users' }, { label: translate(`${T}.create.crumb`) }]}
    >
      <Create<AdminUser & { id: string }>
        resource="admin/users"
        title={false}
        actions={false}
        mutationOptions={{
          onSuccess: (user) => {
            notify(`${T}.create.invited`, { type: 'success', messageArgs: { email: user.email } })
            navigate(updatePath(user))
          },
        }}
        transform={(data: UserCreateBody) => ({ ...data, email: data.email.trim(), name: data.name.trim() })}
      >
        <SimpleForm
          defaultValues={{ groups: ['general'], locale: (LANGUAGES as readonly string[]).includes(locale) ? locale : 'mx' }}
          toolbar={
            <Toolbar>
              <SaveButton label={`${T}.create.submit`} />
            </Toolbar>
          }
        >
          <TextInput source="email" type="email" label={`${T}.fields.email`} validate={[required(), email(), maxLength(254)]} autoComplete="off" fullWidth />
          <TextInput source="name" label={`${T}.fields.name`} validate={[required(), maxLength(200)]} autoComplete="off" fullWidth />
          <CheckboxGroupInput source="groups" label={`${T}.fields.groups`} choices={GROUPS.map((g) => ({ id: g, name: g }))} translateChoice={false} />
          <SelectInput
            source="locale"
            label={`${T}.fields.locale`}
            choices={LANGUAGES.map((l) => ({ id: l, name: `aula.admin.languages.${l}` }))}
            validate={required()}
            helperText={`${T}.create.localeHelp`}
          />
        </SimpleForm>
      </Create>
    </AdminPage>
  )
}
