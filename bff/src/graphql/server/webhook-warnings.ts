// A partner whose webhook endpoint was switched off after 24 hours of failed deliveries hears it in
// every answer to its token, until the shop switches the endpoint on again or removes it: the answer's
// extensions.warnings names the endpoint (http/partner-auth.ts reads them with the token; decision 0040).
import type { Plugin } from 'graphql-yoga';
import type { PluginContext } from '../context.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { formatMessage } from '../../i18n/messages.ts';

/** What http/partner-auth.ts puts in res.locals.webhookWarnings. */
export type DisabledWebhook = { id: number; url: string; disabledAt: Date | null };

export type WebhookWarning = { code: 'WEBHOOK_DISABLED'; message: string; endpointId: number; url: string; disabledAt: string | null };

export function webhookWarnings(disabled: DisabledWebhook[], language: Locale): WebhookWarning[] {
  return disabled.map((endpoint) => ({
    code: 'WEBHOOK_DISABLED',
    message: formatMessage('webhookDisabled', language, { url: endpoint.url }),
    endpointId: endpoint.id,
    url: endpoint.url,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
  }));
}

export function useWebhookWarnings(): Plugin {
  return {
    onExecute({ args }) {
      const context = args.contextValue as PluginContext | undefined;
      const disabled = context?.res?.locals?.webhookWarnings as DisabledWebhook[] | undefined;
      if (!disabled || disabled.length === 0) return;
      return {
        onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in result) return; // a stream (none in this schema) keeps its parts
          const warnings = webhookWarnings(disabled, context?.language ?? 'en');
          setResult({ ...result, extensions: { ...result.extensions, warnings } });
        },
      };
    },
  };
}
