// Lets TypeScript check every message id used with react-intl against the Dutch catalogue.
import type { MessageId } from './messages';

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
