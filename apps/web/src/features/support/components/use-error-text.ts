import { SUPPORT_LIMITS } from '@coinlane/core/api/support';
import { T } from '@coinlane/core/texts';
import { useTranslation } from 'react-i18next';

/** The server's (and the shared schema's) English texts in the reader's language; others as they are. */
export function useSupportErrorText() {
  const { t } = useTranslation('support');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const known: Record<string, string> = {
      [T.ticketTitleRequired]: t('errors.titleRequired'),
      [T.ticketTitleTooLong(SUPPORT_LIMITS.title)]: t('errors.titleTooLong'),
      [T.ticketMessageRequired]: t('errors.messageRequired'),
      [T.ticketMessageTooLong(SUPPORT_LIMITS.message)]: t('errors.messageTooLong'),
      [T.ticketCategoryInvalid]: t('errors.categoryInvalid'),
      [T.ticketPriorityInvalid]: t('errors.priorityInvalid'),
      [T.ticketTooManyMessages(SUPPORT_LIMITS.messagesPerHour)]: t('errors.tooMany'),
      [T.ticketClosedCustomer]: t('errors.closed'),
    };
    return known[message] ?? message;
  };
}
