// bf16 reductions accumulate in f32 and round once, as TF's JIT lowering does (legalize-tf's sum
// accumulation type is f32 for bf16): a sum of 1000 values near 1 stays near 1000 (summed in bf16 it would
// stop at 256). Sum over rows, Mean over
// columns with keep_dims, Max over all, Prod over rows; empty inputs give 0, NaN, -Inf and 1.
func.func @test(%x: tensor<?x?xbf16>) -> (tensor<?xbf16>, tensor<1x?xbf16>, tensor<bf16>, tensor<?xbf16>) {
  %c1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %c0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %c01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Sum"(%x, %c1) {keep_dims = false, device = ""} : (tensor<?x?xbf16>, tensor<1xi32>) -> tensor<?xbf16>
  %1 = "tf.Mean"(%x, %c0) {keep_dims = true, device = ""} : (tensor<?x?xbf16>, tensor<1xi32>) -> tensor<1x?xbf16>
  %2 = "tf.Max"(%x, %c01) {keep_dims = false, device = ""} : (tensor<?x?xbf16>, tensor<2xi32>) -> tensor<bf16>
  %3 = "tf.Prod"(%x, %c1) {keep_dims = false, device = ""} : (tensor<?x?xbf16>, tensor<1xi32>) -> tensor<?xbf16>
  func.return %0, %1, %2, %3 : tensor<?xbf16>, tensor<1x?xbf16>, tensor<bf16>, tensor<?xbf16>
}
