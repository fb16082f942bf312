import fs from 'node:fs'
import path from 'node:path'

/**
 * Makes the data directory owner-only: the directory itself and everything in it (0700 folders,
 * 0600 files). The process umask (077, set at start) covers what Aula creates; the embedded
 * database engine sets 0666 on its own files regardless, so its tree is tightened after opening and
 * again at shutdown. Files it adds in between sit in 0700 folders that no other user can enter.
 */
export function restrictDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const walk = (p: string) => {
    let st: fs.Stats
    try {
      st = fs.lstatSync(p)
    } catch {
      return // removed meanwhile
    }
    if (st.isSymbolicLink()) return
    if (st.isDirectory()) {
      if ((st.mode & 0o077) !== 0) fs.chmodSync(p, 0o700)
      for (const name of fs.readdirSync(p)) walk(path.join(p, name))
    } else if ((st.mode & 0o077) !== 0) {
      fs.chmodSync(p, st.mode & 0o700)
    }
  }
  walk(dir)
}
