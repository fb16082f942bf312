import ArticleIcon from '@mui/icons-material/ArticleOutlined'
import AttachFileIcon from '@mui/icons-material/AttachFile'
import ImageIcon from '@mui/icons-material/ImageOutlined'
import LinkIcon from '@mui/icons-material/Link'
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo'
import QuizIcon from '@mui/icons-material/QuizOutlined'
import ScienceIcon from '@mui/icons-material/ScienceOutlined'
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined'
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined'
import type { SvgIconProps } from '@mui/material'
import type { BlockKind } from './model'

const icons = {
  text: ArticleIcon,
  image: ImageIcon,
  attachment: AttachFileIcon,
  link: LinkIcon,
  simulation: ScienceIcon,
  video: OndemandVideoIcon,
  form: QuizIcon,
  scorm: Inventory2Icon,
  assignment: AssignmentIcon,
}

export function KindIcon({ kind, ...props }: { kind: BlockKind } & SvgIconProps) {
  const Icon = icons[kind]
  return <Icon aria-hidden {...props} />
}
