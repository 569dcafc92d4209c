import { Form } from 'react-router';
import type { FormOutcome } from '~/lib/admin-action';
import { Confirm } from './kit';

/**
 * The hand-over of a ready shop order without the shopper's pickup code (the SMS is lost): a reason the audit log
 * keeps, and a confirmation. With the code, the order is handed over on the «Выдача» page.
 */
export function HandoverWithoutCode(props: {
  busy: boolean;
  result?: FormOutcome;
  className?: string;
  buttonClass?: string;
}) {
  const kept = props.result?.intent === 'handover-without-code' && props.result.error ? props.result.values : undefined;
  return (
    <Form method="post" className={props.className}>
      <input type="hidden" name="intent" value="handover-without-code" />
      <p>
        С кодом заказ выдают на странице <a href="/admin/handover/">«Выдача»</a>. Без кода — только сверив документы
        покупателя и указав причину: выдача попадёт в журнал действий.
      </p>
      <label>
        Почему без кода
        <textarea name="reason" required maxLength={500} rows={2} defaultValue={kept?.reason as string | undefined} />
      </label>
      <Confirm>Да, выдать заказ без кода</Confirm>
      <button type="submit" className={props.buttonClass} disabled={props.busy}>
        Выдать без кода
      </button>
    </Form>
  );
}
