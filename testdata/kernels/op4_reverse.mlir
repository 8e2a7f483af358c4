// sandjit-test: rtol=0 atol=0
// ReverseV2 over axis 0, over -1 (i64 axis), over two axes, over none (the identity), on f32, i32 and i1.
func.func @test(%arg0: tensor<?x?x?xf32>, %arg1: tensor<?x?xi32>, %arg2: tensor<?xi1>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi32>, tensor<?xi1>) {
  %cst = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ReverseV2"(%arg0, %cst) {device = ""} : (tensor<?x?x?xf32>, tensor<1xi32>) -> tensor<?x?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %1 = "tf.ReverseV2"(%arg0, %cst_0) {device = ""} : (tensor<?x?x?xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.ReverseV2"(%arg0, %cst_1) {device = ""} : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?x?xf32>
  %cst_2 = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %3 = "tf.ReverseV2"(%arg0, %cst_2) {device = ""} : (tensor<?x?x?xf32>, tensor<0xi32>) -> tensor<?x?x?xf32>
  %cst_3 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %4 = "tf.ReverseV2"(%arg1, %cst_3) {device = ""} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?x?xi32>
  %5 = "tf.ReverseV2"(%arg2, %cst) {device = ""} : (tensor<?xi1>, tensor<1xi32>) -> tensor<?xi1>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi32>, tensor<?xi1>
}
