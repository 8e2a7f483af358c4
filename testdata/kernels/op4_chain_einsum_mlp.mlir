// sandjit-test: rtol=1e-5 atol=1e-5
// A residual MLP block on [B, T, 8]: Reshape to [-1, 8], Einsum "ij,jk->ik", Selu, Einsum back to 8
// channels, Reshape to tf.Shape of the input, AddV2 the input, Elu, Mean over time.
func.func @test(%arg0: tensor<?x?x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16x8xf32>) -> (tensor<?x?x8xf32>, tensor<?x8xf32>) {
  %cst = "tf.Const"() {value = dense<[-1, 8]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Reshape"(%arg0, %cst) {device = ""} : (tensor<?x?x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
  %1 = "tf.Einsum"(%0, %arg1) {device = "", equation = "ij,jk->ik"} : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32>
  %2 = "tf.Selu"(%1) {device = ""} : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %3 = "tf.Einsum"(%2, %arg2) {device = "", equation = "ij,jk->ik"} : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
  %4 = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?x8xf32>) -> tensor<3xi32>
  %5 = "tf.Reshape"(%3, %4) {device = ""} : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x?x8xf32>
  %6 = "tf.AddV2"(%5, %arg0) {device = ""} : (tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
  %7 = "tf.Elu"(%6) {device = ""} : (tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %8 = "tf.Mean"(%7, %cst_0) {device = "", keep_dims = false} : (tensor<?x?x8xf32>, tensor<1xi32>) -> tensor<?x8xf32>
  func.return %7, %8 : tensor<?x?x8xf32>, tensor<?x8xf32>
}
