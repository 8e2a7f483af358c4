// TopKV2: the k largest of each row with their i32 indices, descending, equal values in index order. f32 rows
// with NaN (above every number), ±inf, ±0 and many ties, k an argument read before the run (0, 1, n); i32 with
// a constant k and repeated values, the extremes; f16 of rank 3; ui8 (values above 127 largest); empty rows.
func.func @test(%x: tensor<?x?xf32>, %k: tensor<i32>, %y: tensor<?xi32>, %h: tensor<2x?x6xf16>, %u: tensor<?x?xui8>) -> (tensor<?x?xf32>, tensor<?x?xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x?x4xf16>, tensor<2x?x4xi32>, tensor<?x?xui8>, tensor<?x?xi32>) {
  %c3 = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %c4 = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.TopKV2"(%x, %k) {device = "", sorted = true} : (tensor<?x?xf32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  %1:2 = "tf.TopKV2"(%y, %c3) {device = ""} : (tensor<?xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
  %2:2 = "tf.TopKV2"(%h, %c4) {device = "", sorted = true} : (tensor<2x?x6xf16>, tensor<i32>) -> (tensor<2x?x4xf16>, tensor<2x?x4xi32>)
  %3:2 = "tf.TopKV2"(%u, %k) {device = "", sorted = true} : (tensor<?x?xui8>, tensor<i32>) -> (tensor<?x?xui8>, tensor<?x?xi32>)
  func.return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1, %3#0, %3#1 : tensor<?x?xf32>, tensor<?x?xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x?x4xf16>, tensor<2x?x4xi32>, tensor<?x?xui8>, tensor<?x?xi32>
}
