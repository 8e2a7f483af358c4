// sandjit-test: rtol=0 atol=0
// OneHot with axis -1 (f32 1/0), axis 0 (i32 7/-1), axis 1 (i1) and ui8 indices with on/off values from
// arguments; out-of-range indices (-1, depth, 100, 255) give a row of off_value.
func.func @test(%arg0: tensor<?xi32>, %arg1: tensor<?x?xi64>, %arg2: tensor<?xui8>, %arg3: tensor<f32>, %arg4: tensor<f32>) -> (tensor<?x5xf32>, tensor<5x?x?xi32>, tensor<?x3xf32>, tensor<?x5x?xi1>) {
  %cst = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %cst_0 = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_1 = "tf.Const"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.OneHot"(%arg0, %cst, %cst_0, %cst_1) {axis = -1 : i64, device = ""} : (tensor<?xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?x5xf32>
  %cst_2 = "tf.Const"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %cst_3 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.OneHot"(%arg1, %cst, %cst_2, %cst_3) {axis = 0 : i64, device = ""} : (tensor<?x?xi64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x?x?xi32>
  %cst_4 = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.OneHot"(%arg2, %cst_4, %arg3, %arg4) {axis = -1 : i64, device = ""} : (tensor<?xui8>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?x3xf32>
  %cst_5 = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %cst_6 = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %3 = "tf.OneHot"(%arg1, %cst, %cst_5, %cst_6) {axis = 1 : i64, device = ""} : (tensor<?x?xi64>, tensor<i32>, tensor<i1>, tensor<i1>) -> tensor<?x5x?xi1>
  func.return %0, %1, %2, %3 : tensor<?x5xf32>, tensor<5x?x?xi32>, tensor<?x3xf32>, tensor<?x5x?xi1>
}
