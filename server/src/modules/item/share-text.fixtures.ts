/**
 * What the apps' 分享 / 复制链接 buttons copy, as sellers paste it: real texts found in public
 * repositories and pages (each `source` says where; the search index that found them is named by
 * the id of the stored file), kept here verbatim as test fixtures. `link` is the link the text
 * carries, `title` the title it carries (undefined: none, e.g. a hidden title or a bare URL),
 * `item` what links.ts recognises without a network call (null: a short link, followed on the server).
 */
import type { FlowType } from '../../../../common/domain.ts';

export interface ShareFixture {
  app: '淘宝' | '京东' | '拼多多';
  text: string;
  source: string;
  link: string | null;
  title?: string;
  item: { flowType: FlowType; itemId: string } | null;
}

export const SHARE_FIXTURES: ShareFixture[] = [
  {
    app: '淘宝',
    text: '【淘宝】https://m.tb.cn/h.UvpmkC1?tk=sGbodnsOSIy CZ3457 「免插卡 随身wifi无线移动wi-fi三网切换网络流量4g便携路由器网卡电脑上笔记本神器全国通用宽带车载随车wifi」\n点击链接直接打开 或者 淘宝搜索直接打开',
    source: 'A public GitHub README on flashing a 4G USB Wi-Fi stick (购买链接, 2023-05-16); search index file 20315141458',
    link: 'https://m.tb.cn/h.UvpmkC1?tk=sGbodnsOSIy',
    title: '免插卡 随身wifi无线移动wi-fi三网切换网络流量4g便携路由器网卡电脑上笔记本神器全国通用宽带车载随车wifi',
    item: null,
  },
  {
    app: '淘宝',
    text: '【淘宝】7天无理由退货  \nhttps://e.tb.cn/h.iIbivwuFlQzzmlO?tk=t0MS5SC6Pop CZ225  \n「我在手机淘tao宝发现一个宝贝」  \n点击链接直接打开 或者 淘宝搜索直接打开',
    source: 'github.com/Steven928519/Dcar_OpenSource README.md (配套硬件购买); the seller hid the title; search index file 57067185784',
    link: 'https://e.tb.cn/h.iIbivwuFlQzzmlO?tk=t0MS5SC6Pop',
    item: null,
  },
  {
    app: '淘宝',
    text: '【淘宝】https://m.tb.cn/h.5CJXeVUz83zlGUm?tk=SRL0WoMApgi CZ0012 「神器工具开发板比赛STM32F446达妙科技DM_MC01小米电机电赛机器人」\n      点击链接直接打开 或者 淘宝搜索直接打开',
    source: 'A public GitHub README of an amphibious-robot project (使用工具 - 开发板); search index file 36175609577',
    link: 'https://m.tb.cn/h.5CJXeVUz83zlGUm?tk=SRL0WoMApgi',
    title: '神器工具开发板比赛STM32F446达妙科技DM_MC01小米电机电赛机器人',
    item: null,
  },
  {
    app: '淘宝',
    text: '`tb link`: 【淘宝】7天无理由退货 https://e.tb.cn/h.6lX75eaYhouzvGc?tk=zFzbV3xND3P CZ007 「明伟开关电源24VNES/S-350w500-24V15A变压器220转12伏5直流48V36」\n点击链接直接打开 或者 淘宝搜索直接打开',
    source: 'A public GitHub README of a robot arm (Hardware Supplement 直流电版); search index file 67129520039',
    link: 'https://e.tb.cn/h.6lX75eaYhouzvGc?tk=zFzbV3xND3P',
    title: '明伟开关电源24VNES/S-350w500-24V15A变压器220转12伏5直流48V36',
    item: null,
  },
  {
    app: '淘宝',
    text: '【淘宝】http://e.tb.cn/h.gJKYpX16pj5Qrno?tk=7S8Y37BH03L CZ0015 「超级好吃 带蜜味的李子 回味很好 个别带有一点点酸 顺丰空运」\n点击链接直接打开 或者 淘宝搜索直接打开',
    source: 'Share-text samples of a public product-parsing app (source field, APP_TYPE.taobao); search index file 9314687433',
    link: 'http://e.tb.cn/h.gJKYpX16pj5Qrno?tk=7S8Y37BH03L',
    title: '超级好吃 带蜜味的李子 回味很好 个别带有一点点酸 顺丰空运',
    item: null,
  },
  {
    app: '淘宝',
    text: '【2018夏季新款女装薄款白色打底内衣性感漏肩内搭背心吊带短款上衣】http://m.tb.cn/h.3XYA5IW 点击链接，再选择浏览器咑閞；或復·制这段描述€g1IVbaMXxxK€后到👉淘♂寳♀👈',
    source: "The 2018 share form (title in 【】), quoted in a public topsdk example script '整个流程1.py' (play4fun)",
    link: 'http://m.tb.cn/h.3XYA5IW',
    title: '2018夏季新款女装薄款白色打底内衣性感漏肩内搭背心吊带短款上衣',
    item: null,
  },
  {
    app: '淘宝',
    text: '7(C8G93R9Dtxy)/ CA8888',
    source: 'A 淘口令 without a link, from the same share-text samples (search index file 9314687433): nothing to follow',
    link: null,
    item: null,
  },
  {
    app: '淘宝',
    text: 'https://detail.tmall.com/item.htm?spm=a1z10.3-b-s.w4011-21581912015.91.3c1d3e56Yl9ZxR&id=598765432109&rn=7b4e&abbucket=9&skuId=4321',
    source: 'Shape of a Tmall desktop page URL as the browser copies it (spm, rn, abbucket, skuId around id); values illustrative',
    link: 'https://detail.tmall.com/item.htm?spm=a1z10.3-b-s.w4011-21581912015.91.3c1d3e56Yl9ZxR&id=598765432109&rn=7b4e&abbucket=9&skuId=4321',
    item: { flowType: 'tb', itemId: '598765432109' },
  },
  {
    app: '淘宝',
    text: 'https://a.m.taobao.com/i612345678901.htm?price=39.9&sourceType=item&ttid=255200@taobao_iphone_10.0',
    source: "Shape of the page m.tb.cn's interstitial names in `var url = '…'` (a.m.taobao.com/i{id}.htm); values illustrative",
    link: 'https://a.m.taobao.com/i612345678901.htm?price=39.9&sourceType=item&ttid=255200@taobao_iphone_10.0',
    item: { flowType: 'tb', itemId: '612345678901' },
  },
  {
    app: '京东',
    text: '【京东】https://3.cn/35RO-7uG?jkl=@W0a0c28PhTuD@ CA1565 「【京东物流】100双中筒袜」\r\n点击链接直接打开 或者复制文案打开京东',
    source: "A public repository's share/paste contract test (rawText of a JD share); search index file 70986808770",
    link: 'https://3.cn/35RO-7uG?jkl=@W0a0c28PhTuD@',
    title: '【京东物流】100双中筒袜',
    item: null,
  },
  {
    app: '京东',
    text: '> 【京东】https://3.cn/27-459X6「正点原子4.3英寸RGB屏模块800480」\n> 点击链接直接打开',
    source: 'A public GitHub note on an FPGA LCD module (硬件 型号); link and 「 glued; search index file 4093450137',
    link: 'https://3.cn/27-459X6',
    title: '正点原子4.3英寸RGB屏模块800480',
    item: null,
  },
  {
    app: '京东',
    text: '【京东】https://u.jd.com/YO58R3K「爱他美澳洲白金2段6罐 社群领券」点击链接直接打开',
    source: 'A JD Union client in a public repository (keyword sample in __goodsQuery); search index file 65953476728',
    link: 'https://u.jd.com/YO58R3K',
    title: '爱他美澳洲白金2段6罐 社群领券',
    item: null,
  },
  {
    app: '京东',
    text: 'https://item.m.jd.com/product/100198170140.html?utm_source=iosapp&utm_medium=appshare&utm_campaign=t_335139774&utm_term=CopyURL',
    source:
      'Shape of the JD app 复制链接 on a phone, item.m.jd.com/product/{id}.html?utm_…, from the URL-format reference of a public JD parser (search index file 55121629336); the utm values are illustrative',
    link: 'https://item.m.jd.com/product/100198170140.html?utm_source=iosapp&utm_medium=appshare&utm_campaign=t_335139774&utm_term=CopyURL',
    item: { flowType: 'jd', itemId: '100198170140' },
  },
  {
    app: '京东',
    text: 'https://item.jd.com/3167821.html?jd_pop=8284c4cb-9a27-4849-a2f0-1cae25583d40',
    source:
      'JD desktop item URL with a share parameter, from a public media-parsing test (MediaTests.jdMedia); search index file 3557497387',
    link: 'https://item.jd.com/3167821.html?jd_pop=8284c4cb-9a27-4849-a2f0-1cae25583d40',
    item: { flowType: 'jd', itemId: '3167821' },
  },
  {
    app: '拼多多',
    text: 'https://mobile.yangkeduo.com/goods.html?goods_id=667048089669&_oak_rcto=YWKn_3Kw0Ac6s_Rf1bWdoq5kVKOqHvCLzLE&_oak_gallery_token=f9130b284b0564a24a9450f30f8d2486&_oak_gallery=https%3A%2F%2Fimg.pddpic.com%2Fgarner-api-new%2Fc419a15a07572c315bb29db9b74dcc8f.png&page_from=401&thumb_url=https%3A%2F%2Fimg.pddpic.com%2Fgarner-api-new%2Fc419a15a07572c315bb29db9b74dcc8f.png%3FimageView2%2F2%2Fw%2F1300%2Fq%2F80&refer_page_name=goods_detail&refer_page_id=10014_1730941806497_5qszz6d81o&refer_page_sn=10014&uin=MDAHW2AIH6FJGGIXLJ7B7WZAX4_GEXDA',
    source: 'Pinduoduo app 复制链接 (goods page with _oak_ share parameters), quoted in a public scraper script header',
    link: 'https://mobile.yangkeduo.com/goods.html?goods_id=667048089669&_oak_rcto=YWKn_3Kw0Ac6s_Rf1bWdoq5kVKOqHvCLzLE&_oak_gallery_token=f9130b284b0564a24a9450f30f8d2486&_oak_gallery=https%3A%2F%2Fimg.pddpic.com%2Fgarner-api-new%2Fc419a15a07572c315bb29db9b74dcc8f.png&page_from=401&thumb_url=https%3A%2F%2Fimg.pddpic.com%2Fgarner-api-new%2Fc419a15a07572c315bb29db9b74dcc8f.png%3FimageView2%2F2%2Fw%2F1300%2Fq%2F80&refer_page_name=goods_detail&refer_page_id=10014_1730941806497_5qszz6d81o&refer_page_sn=10014&uin=MDAHW2AIH6FJGGIXLJ7B7WZAX4_GEXDA',
    item: { flowType: 'pdd', itemId: '667048089669' },
  },
  {
    app: '拼多多',
    text: '海南 玫珑蜜瓜网纹瓜3-4斤\n券后价：19.8元\nhttps://p.pinduoduo.com/vOP44FOY',
    source: 'A public post of Pinduoduo picks (title line, price, short link); search index file 4335626374',
    link: 'https://p.pinduoduo.com/vOP44FOY',
    item: null,
  },
  {
    app: '拼多多',
    text: 'https://mobile.yangkeduo.com/duo_coupon_landing.html?goods_id=2478116379&pid=1860931_43746459&cpsSign=CC1860931_43746459_01cb1d6f45ae5bc9d01581525853593e&duoduo_type=3&launch_wx=1',
    source:
      '多多进宝 promotion landing page (we_app_web_view_url of a pdd.ddk.goods.promotion.url.generate answer kept in a public repository; search index file 19305590931)',
    link: 'https://mobile.yangkeduo.com/duo_coupon_landing.html?goods_id=2478116379&pid=1860931_43746459&cpsSign=CC1860931_43746459_01cb1d6f45ae5bc9d01581525853593e&duoduo_type=3&launch_wx=1',
    item: { flowType: 'pdd', itemId: '2478116379' },
  },
];
