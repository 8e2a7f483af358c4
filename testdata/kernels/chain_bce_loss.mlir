// sandjit-test: rtol=1e-5 atol=1e-6
// Binary cross-entropy written naively: -(y*log(p) + (1-y)*log1p(-p)), p = sigmoid(z); logits kept in [-4, 4]
// where the naive form is well conditioned.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x10xf32>}, %arg1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x10xf32>}) -> (tensor<?xf32>, tensor<f32>) {
  %cst = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_1 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Sigmoid"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Log"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Neg"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Log1p"(%2) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Mul"(%arg1, %1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "tf.Sub"(%cst, %arg1) {device = ""} : (tensor<f32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %6 = "tf.Mul"(%5, %3) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "tf.AddV2"(%4, %6) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Neg"(%7) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %9 = "tf.Mean"(%8, %cst_0) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %10 = "tf.Mean"(%8, %cst_1) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<f32>
  func.return %9, %10 : tensor<?xf32>, tensor<f32>
}
