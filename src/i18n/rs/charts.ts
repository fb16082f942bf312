import type { ChartMessages } from '../mx/charts'

export const charts: ChartMessages = {
  panel: {
    view: 'Представление данных',
    chart: 'График',
    table: 'Таблица',
    exportCsv: 'Экспорт в CSV',
    exportCsvOf: 'Экспорт в CSV: %{title}',
    loading: 'Загрузка данных…',
    empty: 'Нет данных за этот период',
    error: 'Не удалось загрузить данные',
    retry: 'Повторить',
    chartOf: 'График: %{title}. В табличном виде показаны те же данные.',
  },
  range: {
    legend: 'Период',
    presets: 'Быстрый выбор периода',
    last7: 'Последние 7 дней',
    last30: 'Последние 30 дней',
    last90: 'Последние 90 дней',
    thisYear: 'Этот год',
    from: 'С',
    to: 'По',
    apply: 'Применить',
    errors: {
      required: 'Укажите дату',
      invalid: 'Укажите корректную дату (ГГГГ-ММ-ДД)',
      order: 'Начальная дата должна быть не позже конечной',
      future: 'Дата не может быть позже сегодняшней (%{today})',
      tooLong: 'Период не может быть длиннее 3 лет',
    },
  },
}
