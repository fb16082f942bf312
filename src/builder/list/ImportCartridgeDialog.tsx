import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { UploadField } from '../../ui/upload'

/** The server's sentence on what is wrong with the file (`errors.path` of its 400), if it gave one. */
function reasonOf(error: ApiError): string | undefined {
  const body = error.body as { errors?: Record<string, unknown> } | null
  const reason = body?.errors?.path
  return typeof reason === 'string' ? reason : undefined
}

/**
 * "Import a Common Cartridge": the `.imscc` goes straight to storage with its progress, then
 * `import/cartridge` makes the draft and the builder opens it (docs/course-creator.md "Importing a
 * Common Cartridge"). A refused cartridge is shown with the server's reason; the dialog stays open.
 */
export function ImportCartridgeDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (uuid: string) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const [busy, setBusy] = useState(false)

  const importUploaded = async (path: string) => {
    setBusy(true)
    try {
      const { uuid } = await dataProvider.importCartridge(path)
      onImported(uuid)
    } catch (error) {
      // A refused cartridge: our headline, the server's reason (which names the file's problem).
      if (error instanceof ApiError && error.status === 400)
        throw new ApiError(translate('aula.builder.importCartridge.refused'), reasonOf(error), 400, error.body)
      throw error
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="import-cartridge-title"
      aria-describedby="import-cartridge-intro"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="import-cartridge-title">{translate('aula.builder.importCartridge.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id="import-cartridge-intro">{translate('aula.builder.importCartridge.intro')}</DialogContentText>
        <UploadField
          label={translate('aula.builder.importCartridge.file')}
          kind="cartridge"
          accept=".imscc,.zip"
          helperText={translate('aula.builder.importCartridge.hint')}
          getParams={(ask) => dataProvider.askCartridgeUpload(ask)}
          onUploaded={(path) => importUploaded(path)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('aula.builder.importCartridge.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
