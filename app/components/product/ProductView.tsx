import { useEffect, useEffectEvent, useState } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { chooseOffer } from '../../../domain/catalog/product/offer-choice';
import type { ProductItem, ProductOffer, ProductPage } from '../../../domain/catalog/product/product';
import { productJsonLd } from '../../../domain/catalog/product/product-seo';
import { BuyButtons } from '~/components/basket/BuyButtons';
import { imageUrl } from '../../../contract/images';
import { BackLink } from '~/components/shell/BackLink';
import { Breadcrumbs } from './Breadcrumbs';
import { ColorSwatches } from './ColorSwatches';
import { ProductDetails } from './ProductDetails';
import { ProductGallery } from './ProductGallery';
import { ProductPrice } from './ProductPrice';
import { SizePicker } from './SizePicker';
import { AskQuestion } from '~/components/feedback/AskQuestion';
import { useAdvisedSize } from '~/lib/size-advice';
import { hasTableSizes, productForAdvice } from '../../../domain/catalog/size/advice-subject';
import type { ReviewShift } from '../../../domain/catalog/size/review-fit';
import { ReserveInShop } from './ReserveInShop';
import { SizeAdvice } from './SizeAdvice';
import { ShopStock } from './ShopStock';
import { StockAlert } from './stock-alert/StockAlert';
import { sendProductView } from './view-counter';
import { RatingLink } from './reviews/RatingLink';
import { ReviewsBlock } from './reviews/ReviewsBlock';
import type { ReviewsPayload } from '../../../contract/reviews';
import type { Rating } from '../../../domain/reviews/published';
import styles from './ProductView.module.css';

export interface ProductViewProps {
  page: ProductPage;
  /** Scheme and host of the request, for absolute URLs in the social tags and JSON-LD. */
  origin: string;
  imgVersion: string;
  siteId: string;
  /** How the model's published reviews' fit moves the size advice (issue 44.2). */
  reviewShift?: ReviewShift | null;
  /** Published reviews' ratings of the model's colours (those with reviews) and the first page of this colour's. */
  ratings?: Record<number, Rating>;
  reviews?: ReviewsPayload | null;
  /** Told the colour chosen on the page (its product id), so what the page shows beside it follows the colour. */
  onColourChange?: (productId: number) => void;
}

/** Why the chosen offer cannot go to the cart, in the shopper's words; null when it can. */
export function buyReason(offer: ProductOffer | null): string | null {
  if (!offer) return 'Выберите размер';
  if (offer.canBuy) return null;
  if (offer.disabled) return 'Этого размера сейчас нет в наличии';
  if (offer.inShops) return 'Этого размера нет в интернет-магазине — его можно купить в магазине';
  return 'Этот размер сейчас нельзя заказать онлайн';
}

/**
 * The product page of one model: every colour's data comes with the page, so choosing a colour is instant —
 * the address, title and social tags follow the chosen colour without a reload (spec §2).
 */
export function ProductView({
  page,
  origin,
  imgVersion,
  siteId,
  ratings,
  reviews,
  reviewShift = null,
  onColourChange,
}: ProductViewProps) {
  const [currentId, setCurrentId] = useState(page.currentId);
  const item = (page.items.find((i) => i.id === currentId) ?? page.items[0]) as ProductItem;
  // A one-size product has nothing to choose.
  const [offerId, setOfferId] = useState<number | null>(item.offers.length === 1 ? (item.offers[0]?.id ?? null) : null);
  const offer = item.offers.find((o) => o.id === offerId) ?? null;
  // The same rule as /api/v2/catalog/size/advice/?productId=: whose table, the category's fit, the photo model.
  const { gender, product } = productForAdvice(item, page.breadcrumbs, reviewShift);
  const advice = useAdvisedSize(gender, product);

  // Spec §7: every shown product is posted to the catalogue-element call (and counted for popularity), with the
  // size chosen at that moment; choosing another size is not a new view.
  const reportView = useEffectEvent((productId: number) =>
    sendProductView(
      {
        productId,
        offerId,
        product: { id: productId, name: item.name, price: offer?.price ?? item.price, brand: item.brand.name },
      },
      siteId,
    ),
  );
  useEffect(() => {
    reportView(item.id);
  }, [item.id]);

  const switchColor = (next: ProductItem) => {
    if (next.id === item.id) return;
    // Spec §4: keep the size if it is available, else the first available offer, else the first offer.
    const nextOffer = offer || next.offers.length === 1 ? chooseOffer(next.offers, offer?.sizeName ?? null) : null;
    setCurrentId(next.id);
    setOfferId(nextOffer?.id ?? null);
    onColourChange?.(next.id);
    // The router's state stays; only the address changes, as a replace, so Back leaves the product.
    window.history.replaceState(window.history.state, '', `${next.url}${window.location.search}`);
  };

  const images = item.images.map((i) => i.file);
  const jsonLd = productJsonLd(
    item,
    page.breadcrumbs,
    origin,
    images.map((f) => imageUrl(f, 'detail', imgVersion)),
    { rating: ratings?.[item.id] ?? null, items: reviews?.productId === item.id ? reviews.items : [] },
  );
  const ogImage = item.seo.image ? `${origin}${imageUrl(item.seo.image, 'detail', imgVersion)}` : null;

  return (
    <main id="main" className={`container ${styles.page}`}>
      <title>{item.seo.title}</title>
      <meta name="description" content={item.seo.description} />
      <meta name="keywords" content={item.seo.keywords} />
      <link rel="canonical" href={`${origin}${item.url}`} />
      <meta property="og:type" content="product" />
      <meta property="og:title" content={item.seo.title} />
      <meta property="og:description" content={item.seo.description} />
      <meta property="og:url" content={`${origin}${item.url}`} />
      {ogImage && <meta property="og:image" content={ogImage} />}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, for search engines
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />

      <BackLink />
      <Breadcrumbs items={page.breadcrumbs} />
      <div className={styles.layout}>
        <ProductGallery
          key={item.id}
          images={images}
          name={`${item.name} ${item.brand.name}, ${item.color.name.toLowerCase()}`}
          imgVersion={imgVersion}
        />
        <div className={styles.info}>
          <div className={styles.head}>
            <ShopLink className={styles.brand} to={item.brand.url}>
              {item.brand.name}
            </ShopLink>
            <h1 className={styles.name}>{item.name}</h1>
            <p className={styles.article}>{`Артикул ${item.article}`}</p>
            <RatingLink rating={ratings?.[item.id]} />
          </div>
          <ProductPrice
            price={offer?.price ?? item.price}
            oldPrice={offer ? offer.oldPrice : item.oldPrice}
            isNew={item.isNew}
          />
          <ColorSwatches items={page.items} currentId={item.id} imgVersion={imgVersion} onChoose={switchColor} />
          <SizePicker
            offers={item.offers}
            chosenId={offer?.id ?? null}
            onChoose={(o) => setOfferId(o.id)}
            modelProps={item.modelProps}
            advised={advice?.size ?? null}
          />
          {hasTableSizes(product) && <SizeAdvice gender={gender} advice={advice} />}
          <BuyButtons offerId={offer?.id ?? null} canBuy={offer?.canBuy ?? false} reason={buyReason(offer)} />
          <StockAlert
            key={`alert-${item.id}`}
            productId={item.id}
            productName={`${item.name}, ${item.color.name.toLowerCase()}`}
            offers={item.offers}
            onPick={setOfferId}
          />
          <ReserveInShop
            key={`reserve-${item.id}`}
            productName={`${item.name}, ${item.color.name.toLowerCase()}`}
            offer={offer}
          />
          <ShopStock
            key={item.id}
            productId={item.id}
            productName={`${item.name}, ${item.color.name.toLowerCase()}`}
            offers={item.offers}
            chosen={offer}
          />
          <ProductDetails item={item} />
          <AskQuestion about="Не знаете, какой размер выбрать, или хотите узнать о модели больше?" />
        </div>
      </div>
      <ReviewsBlock
        key={`reviews-${item.id}`}
        productId={item.id}
        productName={`${item.name} ${item.brand.name}`}
        rating={ratings?.[item.id] ?? null}
        initial={reviews ?? null}
        imgVersion={imgVersion}
      />
    </main>
  );
}
