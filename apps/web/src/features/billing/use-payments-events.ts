"use client";

import type {
  PaymentMethodCreatedEvent,
  PaymentsActionRequiredEvent,
  PaymentsCancelFutureChangesEvent,
  PaymentsReminderEvent,
  PaymentsSubscriptionEvent,
} from "@vn/contract";
import { useSocketEvent } from "@/lib/use-socket-event";

export interface PaymentsEventHandlers {
  /** The subscription changed (an outcome to tell, or a quiet sync). */
  onSubscription: (event: PaymentsSubscriptionEvent) => void;
  /** The trial ends soon, a card was saved, a scheduled change was undone: read the state again. */
  onChanged: (
    event: PaymentsReminderEvent | PaymentMethodCreatedEvent | PaymentsCancelFutureChangesEvent,
  ) => void;
  /** A payment (a renewal) waits for the cardholder's confirmation. */
  onActionRequired: (event: PaymentsActionRequiredEvent) => void;
}

/** The §7 payments socket events of the acting owner, while `enabled`. */
export function usePaymentsEvents(enabled: boolean, handlers: PaymentsEventHandlers): void {
  useSocketEvent<PaymentsSubscriptionEvent>("payments.subscription", enabled, handlers.onSubscription);
  useSocketEvent<PaymentsReminderEvent>("payments.subscription.reminder", enabled, handlers.onChanged);
  useSocketEvent<PaymentMethodCreatedEvent>("payments.payment_method.created", enabled, handlers.onChanged);
  useSocketEvent<PaymentsCancelFutureChangesEvent>(
    "payments.subscription.cancel_future_changes",
    enabled,
    handlers.onChanged,
  );
  useSocketEvent<PaymentsActionRequiredEvent>(
    "payments.payment_method.action_required",
    enabled,
    handlers.onActionRequired,
  );
}
