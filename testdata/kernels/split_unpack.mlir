// sandjit-test: rtol=0 atol=0
// Split, SplitV and Unpack: several results, one nest each. f32 ?x? split in two along its dynamic axis 1
// (the second part's offset is a run-time parameter; NaN and -0 pass through); i32 ?x6 split once along axis
// -2 and in three along axis 1; SplitV with a -1 first on the dynamic axis (the rest) and [1, 0, -1, 2] in i64
// (an empty part); Unpack of i1 along axis -1 and of f16 along axis 0. Empty inputs in case 2.
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?x6xi32>, %b: tensor<?x3xi1>, %h: tensor<2x?x3xf16>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x6xi32>, tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xi32>, tensor<?x0xi32>, tensor<?x3xi32>, tensor<?x2xi32>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?x3xf16>, tensor<?x3xf16>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %m2 = "tf.Const"() {value = dense<-2> : tensor<i64>} : () -> tensor<i64>
  %s1 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s2 = "tf.Const"() {value = dense<[1, 0, -1, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %0:2 = "tf.Split"(%one, %x) {num_split = 2 : i64, device = ""} : (tensor<i32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  %1 = "tf.Split"(%m2, %y) {num_split = 1 : i64} : (tensor<i64>, tensor<?x6xi32>) -> tensor<?x6xi32>
  %2:3 = "tf.Split"(%one, %y) {num_split = 3 : i64} : (tensor<i32>, tensor<?x6xi32>) -> (tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi32>)
  %3:2 = "tf.SplitV"(%x, %s1, %one) : (tensor<?x?xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  %4:4 = "tf.SplitV"(%y, %s2, %one) {num_split = 4 : i64} : (tensor<?x6xi32>, tensor<4xi64>, tensor<i32>) -> (tensor<?x1xi32>, tensor<?x0xi32>, tensor<?x3xi32>, tensor<?x2xi32>)
  %5:3 = "tf.Unpack"(%b) {axis = -1 : i64, num = 3 : i64} : (tensor<?x3xi1>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  %6:2 = "tf.Unpack"(%h) {axis = 0 : i64, num = 2 : i64} : (tensor<2x?x3xf16>) -> (tensor<?x3xf16>, tensor<?x3xf16>)
  func.return %0#0, %0#1, %1, %2#0, %2#1, %2#2, %3#0, %3#1, %4#0, %4#1, %4#2, %4#3, %5#0, %5#1, %5#2, %6#0, %6#1 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x6xi32>, tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xi32>, tensor<?x0xi32>, tensor<?x3xi32>, tensor<?x2xi32>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?x3xf16>, tensor<?x3xf16>
}
