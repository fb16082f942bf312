import type { CostExplorerClient } from '@aws-sdk/client-cost-explorer'

/** What the cloud provider billed, by period (`YYYY-MM-DD` of the period's first day). */
export interface Billing {
  readonly name: 'aws-cost-explorer'
  costs(from: string, toExclusive: string, granularity: 'day' | 'month'): Promise<{ currency: string; byPeriod: Map<string, number> }>
  /** The provider's own forecast of the cost between two days (end exclusive). */
  forecast(from: string, toExclusive: string): Promise<number>
}

/**
 * AWS Cost Explorer (its API lives in us-east-1 whatever the workload's region). Credentials come from
 * the AWS default chain; the account's "UnblendedCost" is what the invoice shows before credits.
 */
export class AwsCostExplorer implements Billing {
  readonly name = 'aws-cost-explorer' as const
  private client: Promise<CostExplorerClient> | undefined

  // The SDK is loaded on the first call: an installation that never asks for billing never loads it.
  private sdk() {
    return import('@aws-sdk/client-cost-explorer')
  }

  private connect() {
    this.client ??= this.sdk().then(({ CostExplorerClient }) => new CostExplorerClient({ region: 'us-east-1', maxAttempts: 2 }))
    return this.client
  }

  async costs(from: string, toExclusive: string, granularity: 'day' | 'month') {
    const byPeriod = new Map<string, number>()
    let currency = 'USD'
    const [client, { GetCostAndUsageCommand }] = await Promise.all([this.connect(), this.sdk()])
    let token: string | undefined
    do {
      const page = await client.send(
        new GetCostAndUsageCommand({
          TimePeriod: { Start: from, End: toExclusive },
          Granularity: granularity === 'day' ? 'DAILY' : 'MONTHLY',
          Metrics: ['UnblendedCost'],
          NextPageToken: token,
        }),
      )
      for (const r of page.ResultsByTime ?? []) {
        const amount = r.Total?.UnblendedCost
        if (!r.TimePeriod?.Start || !amount?.Amount) continue
        byPeriod.set(r.TimePeriod.Start, Number(amount.Amount))
        if (amount.Unit) currency = amount.Unit
      }
      token = page.NextPageToken
    } while (token)
    return { currency, byPeriod }
  }

  async forecast(from: string, toExclusive: string) {
    const [client, { GetCostForecastCommand }] = await Promise.all([this.connect(), this.sdk()])
    const out = await client.send(
      new GetCostForecastCommand({ TimePeriod: { Start: from, End: toExclusive }, Granularity: 'MONTHLY', Metric: 'UNBLENDED_COST' }),
    )
    return Number(out.Total?.Amount ?? 0)
  }
}
