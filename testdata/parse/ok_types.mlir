// Every element type sandjit models, and ranked, unranked, scalar, dynamic and zero-size shapes.
func.func @types(%a: tensor<2x?x3xf32>, %b: tensor<f32>, %c: tensor<*xf32>, %d: tensor<0x3xi1>,
                 %e: tensor<?xf16>, %f: tensor<?xf64>, %g: tensor<4xi8>, %h: tensor<4xi16>,
                 %i: tensor<4xi32>, %j: tensor<4xi64>, %k: tensor<4xui8>, %l: tensor<4xui16>,
                 %m: tensor<4xui32>, %n: tensor<4xui64>, %o: tensor<4xsi32>, %p: tensor<*xi1>,
                 %q: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>, %r: tensor<4294967295xi8>,
                 %s: tensor< 2 x ? x f32 >) -> tensor<2x?x3xf32> {
  %0 = "tf.Cast"(%o) {SrcT = si32, DstT = i32, Truncate = false} : (tensor<4xi32>) -> tensor<4xi32>
  return %a : tensor<2x?x3xf32>
}
