// Hex blobs hold the raw little-endian bytes of the whole tensor, or of one element (a splat).
func.func @blobs() -> (tensor<2xf32>, tensor<3xi16>, tensor<1000xf32>, tensor<f64>, tensor<2x2xi1>, tensor<1xi8>) {
  %0 = "tf.Const"() {value = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "tf.Const"() {value = dense<"0x0100FFFF0080"> : tensor<3xi16>} : () -> tensor<3xi16>
  %2 = "tf.Const"() {value = dense<"0x0000C07F"> : tensor<1000xf32>} : () -> tensor<1000xf32>
  %3 = "tf.Const"() {value = dense<"0x000000000000F03F"> : tensor<f64>} : () -> tensor<f64>
  %4 = "tf.Const"() {value = dense<"0x01000100"> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %5 = "tf.Const"() {value = dense<"0x80"> : tensor<1xi8>} : () -> tensor<1xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<3xi16>, tensor<1000xf32>, tensor<f64>, tensor<2x2xi1>, tensor<1xi8>
}
