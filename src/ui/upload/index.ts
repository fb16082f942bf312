export { uploadFile, uploadError, isAbort, type UploadParams, type UploadProgress, type UploadFileOptions } from './uploadFile'
export { UploadField, type UploadFieldProps, type UploadAsk } from './UploadField'
export { formatBytes, typeNames } from './format'
