-- Pages written before bonus accrual became one rule (domain/content/bonus-promises.ts) quoted the earn percent as a
-- promise; they now read the rule, so a shop that does not credit bonuses yet promises none. Only the seed's own
-- sentences are replaced, word for word; a page an editor reworded keeps its text (and shows the unknown placeholder).
UPDATE "content_pages" SET "body" = replace("body", '- За каждую покупку на карту приходит {{bonus_earn_percent}} от суммы товаров после скидок.', '- {{bonus_accrual}}');--> statement-breakpoint
UPDATE "faq_items" SET "answer" = '{{bonus_accrual}}' WHERE "answer" = '{{bonus_earn_percent}} от суммы товаров после скидок. Бонусы начисляются, когда заказ получен.';--> statement-breakpoint
UPDATE "landing_pages" SET "body" = replace("body", 'За каждую покупку — {{bonus_earn_percent}} бонусами.', '{{bonus_per_purchase}}');
