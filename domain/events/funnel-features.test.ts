import { describe, expect, it } from 'vitest';
import type { StepCountRow } from './funnel';
import {
  alertFigures,
  averageRating,
  percentOf,
  ratingBand,
  ratingEffect,
  recommendationFigures,
  reviewFigures,
} from './funnel-features';
import { createFunnelFeaturesService, type FunnelFeaturesRepository } from './funnel-features.service';
import { funnelFeaturesQuery } from './funnel-features.schemas';

describe('the funnel of issue 44: figures', () => {
  it('gives a share in percent with one decimal, none of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(3, 0)).toBeNull();
  });

  it('rates a stock alert letter by its opens per letter and its orders per open', () => {
    expect(alertFigures({ made: 10, confirmed: 8, sent: 4, opens: 3, orders: 1, amount: 500_000 })).toEqual({
      made: 10,
      confirmed: 8,
      sent: 4,
      opens: 3,
      orders: 1,
      amount: 500_000,
      openRate: 75,
      orderRate: 33.3,
    });
    const none = alertFigures({ made: 0, confirmed: 0, sent: 0, opens: 0, orders: 0, amount: 0 });
    expect([none.openRate, none.orderRate]).toEqual([null, null]);
  });

  it('counts the reviews waiting, their average as the shop shows it and the share with photos', () => {
    expect(reviewFigures({ written: 8, published: 5, hidden: 1, publishedRatingSum: 22, withPhotos: 2 })).toEqual({
      written: 8,
      published: 5,
      hidden: 1,
      pending: 2,
      averageRating: 4.4,
      photoShare: 25,
    });
    const none = reviewFigures({ written: 0, published: 0, hidden: 0, publishedRatingSum: 0, withPhotos: 0 });
    expect([none.averageRating, none.photoShare, none.pending]).toEqual([null, null, 0]);
  });

  it('bands a product by the average the shopper sees, one decimal', () => {
    expect(averageRating(13, 3)).toBe(4.3);
    expect(ratingBand(0, 0)).toBe('none');
    expect(ratingBand(2, 7)).toBe('below4'); // 3,5
    expect(ratingBand(3, 12)).toBe('high'); // 4,0
    // 3,96 is shown as «4,0»: «4 и выше», as the card says.
    expect(ratingBand(25, 99)).toBe('high');
    expect(ratingBand(10, 39)).toBe('below4'); // 3,9
  });
});

describe('the rating and the conversion', () => {
  const step = (key: string, s: StepCountRow['step'], n: number): StepCountRow => ({ key, title: key, step: s, n });

  it('sums the funnel’s by-product views and orders per band, all three bands always there', () => {
    const rows = [
      step('1', 'views', 100),
      step('1', 'orders', 5),
      step('1', 'baskets', 40),
      step('2', 'views', 50),
      step('2', 'orders', 1),
      step('3', 'views', 20),
      step('4', 'orders', 2),
    ];
    const ratings = [
      { productId: 1, count: 4, sum: 18 }, // 4,5
      { productId: 2, count: 2, sum: 6 }, // 3,0
      { productId: 9, count: 1, sum: 5 }, // not seen in the period
    ];
    expect(ratingEffect(rows, ratings)).toEqual([
      { band: 'none', title: 'нет отзывов', products: 2, views: 20, orders: 2, conversion: 10 },
      { band: 'below4', title: 'ниже 4', products: 1, views: 50, orders: 1, conversion: 2 },
      { band: 'high', title: '4 и выше', products: 1, views: 100, orders: 5, conversion: 5 },
    ]);
    expect(ratingEffect([], []).map((b) => [b.band, b.products, b.conversion])).toEqual([
      ['none', 0, null],
      ['below4', 0, null],
      ['high', 0, null],
    ]);
  });
});

describe('the recommendation rows', () => {
  it('gives the four rows in the page’s order with their click rate, zeros for a row nobody saw', () => {
    const figures = recommendationFigures([
      { row: 'viewed', shows: 40, clicks: 3, orders: 1, amount: 250_000 },
      { row: 'similar', shows: 200, clicks: 10, orders: 2, amount: 700_000 },
      { row: 'hacked', shows: 5, clicks: 5, orders: 5, amount: 5 },
    ]);
    expect(figures.map((f) => [f.title, f.shows, f.clicks, f.clickRate, f.orders, f.amount])).toEqual([
      ['Похожие', 200, 10, 5, 2, 700_000],
      ['С этим покупают', 0, 0, null, 0, 0],
      ['Вы смотрели', 40, 3, 7.5, 1, 250_000],
      ['Добавить к заказу', 0, 0, null, 0, 0],
    ]);
  });
});

describe('the report', () => {
  const repo: FunnelFeaturesRepository = {
    alerts: async () => ({ made: 2, confirmed: 1, sent: 1, opens: 1, orders: 1, amount: 100 }),
    reviews: async () => ({ written: 1, published: 1, hidden: 0, publishedRatingSum: 5, withPhotos: 1 }),
    recommendations: async () => [],
    ratings: async (ids) => ids.filter((id) => id === 7).map((productId) => ({ productId, count: 1, sum: 5 })),
  };
  const seen: { from?: Date; to?: Date; window?: number } = {};
  const service = createFunnelFeaturesService({
    repo: {
      ...repo,
      alerts: (from, to, window) => {
        Object.assign(seen, { from, to, window });
        return repo.alerts(from, to, window);
      },
    },
    funnel: {
      counts: async () => [
        { key: '7', title: 'Платье', step: 'views', n: 10 },
        { key: '7', title: 'Платье', step: 'orders', n: 1 },
      ],
    },
    timeZone: 'Europe/Moscow',
    windowDays: 7,
  });
  const now = new Date('2031-03-10T12:00:00Z');

  it('reads the period back from now and bands the funnel’s products by their ratings', async () => {
    const report = await service.report({ actor: { kind: 'staff', role: 'manager' } as never, now: () => now }, 7);
    expect(seen).toEqual({ from: new Date('2031-03-03T12:00:00Z'), to: now, window: 7 });
    expect(report.reviews.byRating.find((b) => b.band === 'high')).toMatchObject({ views: 10, orders: 1 });
    expect(report.alerts.orderRate).toBe(100);
  });

  it('is refused to a role without reports', async () => {
    await expect(
      service.report({ actor: { kind: 'staff', role: 'content' } as never, now: () => now }, 7),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

describe('the call’s period', () => {
  it('takes 7, 30 or 90 days, 30 when none, and refuses anything else in Russian', () => {
    expect(funnelFeaturesQuery.parse({}).days).toBe(30);
    expect(funnelFeaturesQuery.parse({ days: '90' }).days).toBe(90);
    const bad = funnelFeaturesQuery.safeParse({ days: '365' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Период — 7, 30, 90 дней: days=7|30|90.');
  });
});
