export interface NewsletterRepository {
  /** Returns false when the address was already subscribed. */
  add(email: string): Promise<boolean>;
}

export interface NewsletterService {
  subscribe(email: string): Promise<{ message: string }>;
}

export function createNewsletterService(repo: NewsletterRepository): NewsletterService {
  return {
    async subscribe(email) {
      const added = await repo.add(email.toLowerCase());
      return {
        message: added
          ? 'Спасибо! Вы подписались на новости и скидки.'
          : 'Этот адрес уже подписан на рассылку — письма придут на него.',
      };
    },
  };
}
