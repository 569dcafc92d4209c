/** Demo requisites of the shop's company (not a real registration: ИНН and ОГРН are of the right length only). */
export const COMPANY = {
  name: 'ООО «Вьюга Ритейл»',
  inn: '7701234567',
  ogrn: '1187746123456',
  address: '105064, г. Москва, ул. Земляной Вал, д. 33, этаж 3',
} as const;
