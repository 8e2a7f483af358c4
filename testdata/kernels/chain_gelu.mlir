// sandjit-test: rtol=1e-5 atol=2e-6
// GELU, exact (Erf) and with the tanh approximation (Pow x^3).
func.func @test(%arg0: tensor<?x?xf32> {jitrt.constraint = "shape", python_test_attrs.static_type = tensor<8x16xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %cst = "tf.Const"() {value = dense<0.707106769> : tensor<f32>} : () -> tensor<f32>
  %cst_0 = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_1 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %cst_2 = "tf.Const"() {value = dense<3.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_3 = "tf.Const"() {value = dense<4.471500e-02> : tensor<f32>} : () -> tensor<f32>
  %cst_4 = "tf.Const"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Mul"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %1 = "tf.Erf"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.AddV2"(%1, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %3 = "tf.Mul"(%arg0, %2) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Mul"(%3, %cst_1) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %5 = "tf.Pow"(%arg0, %cst_2) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %6 = "tf.Mul"(%5, %cst_3) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %7 = "tf.AddV2"(%arg0, %6) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Mul"(%7, %cst_4) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %9 = "tf.Tanh"(%8) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %10 = "tf.AddV2"(%9, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %11 = "tf.Mul"(%arg0, %10) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %12 = "tf.Mul"(%11, %cst_1) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %4, %12 : tensor<?x?xf32>, tensor<?x?xf32>
}
