/** Spec §9's date-time display: DD/MM/YYYY hh:mm A (12-hour clock), in the browser's time zone. */
export function formatDateTime(value: string | Date): string {
  const d = new Date(value)
  const pad = (n: number) => String(n).padStart(2, '0')
  const hours = d.getHours() % 12 || 12
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`
}
